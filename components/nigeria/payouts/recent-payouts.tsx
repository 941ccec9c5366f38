"use client";

import { useQuery } from "@tanstack/react-query";
import { AsOf } from "@/components/ui/as-of";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useSession } from "@/components/session/use-session";
import { isApiFetchError } from "@/lib/api-fetch";
import { NigeriaGate } from "../nigeria-gate";
import { MarketNotEnabledState } from "../nigeria-states";
import { TransactionRowsTable } from "@/components/transactions/transaction-rows-table";
import { recentPayoutsQueryOptions } from "../nigeria-queries";

const statusLink = (row: { id: string }) => `/nigeria/payouts/${encodeURIComponent(row.id)}`;

/** The rail-nigeria payouts among the newest payouts of the transaction list, each linked to its status page. */
export function RecentPayouts() {
  return (
    <NigeriaGate>
      <RecentPayoutsList />
    </NigeriaGate>
  );
}

function RecentPayoutsList() {
  const { mode } = useSession();
  const payouts = useQuery(recentPayoutsQueryOptions(mode));
  if (payouts.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only">Loading recent payouts</span>
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (payouts.isError) {
    if (isApiFetchError(payouts.error) && payouts.error.code === "market_not_enabled") return <MarketNotEnabledState />;
    return <ErrorState title="Recent payouts could not be loaded." error={payouts.error} onRetry={() => void payouts.refetch()} />;
  }
  if (payouts.data.items.length === 0) return <EmptyState title="No Nigeria payouts yet." />;
  return (
    <div>
      <TransactionRowsTable rows={payouts.data.items} caption="Recent Nigeria payouts, newest first" linkOf={statusLink} />
      <AsOf iso={payouts.data.asOf} className="mt-2" />
    </div>
  );
}
