import { HydrationBoundary } from "@tanstack/react-query";
import { RegionIndex } from "@/components/money-movement/region-index";
import { approvalKeys } from "@/features/approvals/contracts";
import { MyPayoutRequests } from "@/features/approvals/components/my-payout-requests";
import { listMyApprovals } from "@/features/approvals/server/approvals";
import { AwaitingApprovals } from "@/features/payouts/components/awaiting-approvals";
import { RecentPayouts } from "@/features/payouts/components/recent-payouts";
import { payoutKeys } from "@/lib/contracts/region-payouts";
import { PAYOUT_REGIONS } from "@/lib/regions/regions";
import { balancesRead, prefetchedState } from "@/lib/server/page-prefetch";
import { paymentsFor } from "@/lib/server/payments";
import { awaitingApprovals } from "@/features/payouts/server/payout-reads";
import { requirePageSession } from "@/lib/server/session";
import { recentPayouts } from "@/features/transactions/server/recent";

export const metadata = { title: "Payouts" };

export default async function Page() {
  const session = await requirePageSession("money:write", "/payouts");
  // The markets and both lists are in the first HTML, read as their BFF routes read them (with
  // those routes' permissions). Rendered in the browser after three round trips, the markets
  // pushed the page down as they came (Lighthouse CLS 0.025) and the recent payouts' table was
  // the page's longest task (TBT 100–290 ms).
  const client = paymentsFor(session.mode);
  const state = await prefetchedState(session, [
    balancesRead(session.mode),
    {
      permission: "balances:read",
      queryKey: payoutKeys.awaitingApproval(session.mode),
      load: () => awaitingApprovals({ client, mode: session.mode }),
      what: "payouts awaiting approval",
    },
    {
      permission: "money:write",
      queryKey: approvalKeys.mine(session.mode),
      load: () => listMyApprovals(session.mode, session.user),
      what: "the maker's payout requests",
    },
    {
      permission: "transactions:read",
      queryKey: payoutKeys.recent(session.mode),
      load: () => recentPayouts(client),
      what: "recent payouts",
    },
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Payouts</h1>
      <p className="text-sm text-slate-700">
        Bangladesh pays from the BDT pocket, Brazil from BRL, Europe from USDC (never PYUSD USDC). Nigeria payouts have their own page.
      </p>
      <HydrationBoundary state={state}>
        <RegionIndex regions={PAYOUT_REGIONS} basePath="/payouts" testId="payout-regions" />
        <AwaitingApprovals />
        <MyPayoutRequests />
        <RecentPayouts />
      </HydrationBoundary>
    </div>
  );
}
