import { PageHeader } from "@/components/ui/page-header";
import { notFound } from "next/navigation";
import { NewPayoutScreen } from "@/features/payouts/components/new-payout-screen";
import { MARKET_INFO } from "@/lib/rails";
import { isPayoutRegion } from "@/lib/regions/regions";
import { requirePageSession } from "@/lib/server/session";

export async function generateMetadata({ params }: { params: Promise<{ region: string }> }) {
  const { region } = await params;
  return { title: isPayoutRegion(region) ? `${MARKET_INFO[region].label} payout` : "Payout" };
}

export default async function Page({ params }: { params: Promise<{ region: string }> }) {
  const { region } = await params;
  await requirePageSession("money:write", `/payouts/${encodeURIComponent(region)}`);
  if (!isPayoutRegion(region)) notFound();
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ href: "/payouts", label: "All payouts" }}
        title={`New ${MARKET_INFO[region].label} payout`}
        headingId={`payout-${region}-heading`}
      />
      <NewPayoutScreen region={region} />
    </div>
  );
}
