"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Card, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { useSession } from "@/components/session/use-session";
import { TransactionRowsPanel } from "@/features/transactions/transaction-rows-panel";
import { isPayoutRegion } from "@/lib/regions/regions";
import type { TransactionRow } from "@/lib/transaction-row";
import { recentPayoutsQueryOptions } from "./payouts-queries";

/** Each payout's own status page where there is one; otherwise its transaction detail. */
function statusLink(row: TransactionRow): string {
  const id = encodeURIComponent(row.id);
  if (row.rail === "nigeria") return `/nigeria/payouts/${id}`;
  return isPayoutRegion(row.rail) ? `/payouts/${row.rail}/${id}` : `/transactions/${id}`;
}

/**
 * Every payout on /transactions (the URL state of features/transactions/url-state.ts; a test parses it back).
 * @internal
 */
export const ALL_PAYOUTS_HREF = "/transactions?type=payout";

/** The newest payouts of every rail, whoever sent them: this console, another integration, the provider's own tools. */
export function RecentPayouts() {
  const { mode } = useSession();
  const payouts = useQuery(recentPayoutsQueryOptions(mode));
  return (
    <Card aria-labelledby="recent-payouts-heading" data-testid="recent-payouts">
      <CardTitle id="recent-payouts-heading">Recent payouts</CardTitle>
      <p className="mt-1 text-sm text-slate-700">The newest payouts of every region, including those not sent from this console.</p>
      <div className="mt-3">
        <TransactionRowsPanel
          query={payouts}
          what="recent payouts"
          empty={<EmptyState title="No payouts yet." />}
          caption="Recent payouts, newest first"
          linkOf={statusLink}
          outro={
            payouts.data?.more ? (
              <p className="mt-2 text-sm text-slate-700">
                Older payouts are on{" "}
                <Link href={ALL_PAYOUTS_HREF} className="text-indigo-800 underline">
                  Transactions, filtered to payouts
                </Link>
                .
              </p>
            ) : null
          }
        />
      </div>
    </Card>
  );
}
