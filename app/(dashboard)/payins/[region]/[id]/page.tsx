import { PageHeader } from "@/components/money-movement/page-header";
import { notFound } from "next/navigation";
import { PayinStatusScreen } from "@/components/payins/payin-status-screen";
import { MARKET_INFO } from "@/lib/rails";
import { isPayinRegion } from "@/lib/regions/regions";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Payment status" };

export default async function Page({ params }: { params: Promise<{ region: string; id: string }> }) {
  const { region, id } = await params;
  // Viewers may follow a payment; only writers may request one.
  await requirePageSession("balances:read", `/payins/${encodeURIComponent(region)}/${encodeURIComponent(id)}`);
  if (!isPayinRegion(region)) notFound();
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ href: `/payins/${region}`, label: `New ${MARKET_INFO[region].label} request` }}
        title={`${MARKET_INFO[region].label} payment`}
      />
      <PayinStatusScreen region={region} transactionId={id} />
    </div>
  );
}
