import { redirect } from "next/navigation";
import { BalancesOverview } from "@/components/balances/balances-overview";
import { can, navFor } from "@/lib/permissions";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Overview" };

export default async function OverviewPage() {
  const session = await requirePageSession(undefined, "/");
  // Support may not see balances: land them on their first page instead of a 404.
  if (!can(session.user.role, "balances:read")) redirect(navFor(session.user.role)[0]?.href ?? "/transactions");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Overview</h1>
      <BalancesOverview />
    </div>
  );
}
