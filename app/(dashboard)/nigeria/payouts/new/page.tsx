import { HydrationBoundary } from "@tanstack/react-query";
import { NewPayoutScreen } from "@/features/nigeria/components/payouts/new-payout-screen";
import { nigeriaPageReads } from "@/features/nigeria/server/page-reads";
import { balancesRead, prefetchedState } from "@/lib/server/page-prefetch";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "New Nigeria payout" };

/** Admin and finance only: viewers and support get the 404 page, and the BFF answers them 403. */
export default async function Page() {
  const session = await requirePageSession("money:write", "/nigeria/payouts/new");
  // The market's state and the NGN pocket (the wizard's available balance) are in the first
  // HTML: the wizard renders at once instead of after a skeleton.
  const state = await prefetchedState(session, nigeriaPageReads(session, [balancesRead(session.mode)]));
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">New Nigeria payout</h1>
      <HydrationBoundary state={state}>
        <NewPayoutScreen />
      </HydrationBoundary>
    </div>
  );
}
