import { HydrationBoundary } from "@tanstack/react-query";
import { redirect } from "next/navigation";
import { BalancesOverview } from "@/features/balances/components/balances-overview";
import { can, navFor } from "@/lib/permissions";
import { balancesRead, prefetchedState } from "@/lib/server/page-prefetch";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Overview" };

export default async function OverviewPage() {
  const session = await requirePageSession(undefined, "/");
  // Support may not see balances: land them on their first page instead of a 404.
  if (!can(session.user.role, "balances:read")) redirect(navFor(session.user.role)[0]?.href ?? "/transactions");

  // The balances are in the first HTML (no skeleton-then-cards swap): the same DTO as
  // GET /api/balances, under the key the browser's useBalances() reads.
  const state = await prefetchedState(session, [balancesRead(session.mode)]);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Overview</h1>
      <HydrationBoundary state={state}>
        <BalancesOverview />
      </HydrationBoundary>
    </div>
  );
}
