"use client";

import { useQuery } from "@tanstack/react-query";
import { EmptyState } from "@/components/ui/empty-state";
import { useSession } from "@/components/session/use-session";
import { isApiFetchError } from "@/lib/api-fetch";
import { NigeriaGate } from "../nigeria-gate";
import { MarketNotEnabledState } from "../nigeria-states";
import { TransactionRowsPanel } from "@/components/transactions/transaction-rows-panel";
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
  if (payouts.isError && isApiFetchError(payouts.error) && payouts.error.code === "market_not_enabled") return <MarketNotEnabledState />;
  return (
    <TransactionRowsPanel
      query={payouts}
      what="recent payouts"
      empty={<EmptyState title="No Nigeria payouts yet." />}
      caption="Recent Nigeria payouts, newest first"
      linkOf={statusLink}
    />
  );
}
