import { HydrationBoundary } from "@tanstack/react-query";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { approvalKeys } from "@/features/approvals/contracts";
import { MyPayoutRequests } from "@/features/approvals/components/my-payout-requests";
import { listMyApprovals } from "@/features/approvals/server/approvals";
import { RecentPayouts } from "@/features/nigeria/components/payouts/recent-payouts";
import { nigeriaKeys } from "@/features/nigeria/contracts/keys";
import { can } from "@/lib/permissions";
import { recentNigeriaPayouts } from "@/features/nigeria/server/recent-payouts";
import { nigeriaPageReads } from "@/features/nigeria/server/page-reads";
import { balancesRead, prefetchedState } from "@/lib/server/page-prefetch";
import { paymentsFor } from "@/lib/server/payments";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Nigeria payouts" };

export default async function Page() {
  const session = await requirePageSession("nigeria:read", "/nigeria/payouts");
  // The market's state (from the balances) and the list are in the first HTML, as on /payouts:
  // rendered after two round trips, the list was the page's longest task (Lighthouse TBT up to
  // 190 ms). Test mode shows "live only" without reading them (§1 rule 10). A maker's held
  // payouts are listed here too, where a Nigeria maker looks for them (decision 0161).
  const makesPayouts = can(session.user.role, "money:write");
  const state = await prefetchedState(
    session,
    nigeriaPageReads(session, [
      balancesRead(session.mode),
      {
        permission: "nigeria:read",
        queryKey: nigeriaKeys.payouts(session.mode),
        load: () => recentNigeriaPayouts(paymentsFor(session.mode)),
        what: "recent Nigeria payouts",
      },
      {
        permission: "money:write",
        queryKey: approvalKeys.mine(session.mode),
        load: () => listMyApprovals(session.mode, session.user),
        what: "the maker's payout requests",
      },
    ]),
  );
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Nigeria payouts</h1>
          <p className="text-sm text-slate-700">NGN payouts to Nigerian bank accounts, funded by the NGN pocket only (live only).</p>
        </div>
        {makesPayouts ? (
          <Link href="/nigeria/payouts/new" className={buttonClasses("primary")}>
            New payout
          </Link>
        ) : null}
      </div>
      <HydrationBoundary state={state}>
        {makesPayouts && session.mode === "live" ? <MyPayoutRequests /> : null}
        <RecentPayouts />
      </HydrationBoundary>
    </div>
  );
}
