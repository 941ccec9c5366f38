import { RegionIndex } from "@/components/money-movement/region-index";
import { AwaitingApprovals } from "@/components/payouts/awaiting-approvals";
import { RecentPayouts } from "@/components/payouts/recent-payouts";
import { PAYOUT_REGIONS } from "@/lib/regions/regions";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Payouts" };

export default async function Page() {
  await requirePageSession("money:write", "/payouts");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Payouts</h1>
      <p className="text-sm text-slate-700">
        Bangladesh pays from the BDT pocket, Brazil from BRL, Europe from USDC (never PYUSD USDC). Nigeria payouts have their own page.
      </p>
      <RegionIndex regions={PAYOUT_REGIONS} basePath="/payouts" testId="payout-regions" />
      <AwaitingApprovals />
      <RecentPayouts />
    </div>
  );
}
