import { PageHeader } from "@/components/money-movement/page-header";
import { notFound } from "next/navigation";
import { PayoutStatusScreen } from "@/components/payouts/payout-status-screen";
import { MARKET_INFO } from "@/lib/rails";
import { isPayoutRegion } from "@/lib/regions/regions";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Payout status" };

export default async function Page({ params }: { params: Promise<{ region: string; id: string }> }) {
  const { region, id } = await params;
  // Viewers may follow a payout; only writers may send or approve one.
  await requirePageSession("balances:read", `/payouts/${encodeURIComponent(region)}/${encodeURIComponent(id)}`);
  if (!isPayoutRegion(region)) notFound();
  return (
    <div className="space-y-6">
      <PageHeader back={{ href: "/payouts", label: "All payouts" }} title={`${MARKET_INFO[region].label} payout`} />
      <PayoutStatusScreen region={region} transactionId={id} />
    </div>
  );
}
