"use client";

import { useQuery } from "@tanstack/react-query";
import { AsOf } from "@/components/ui/as-of";
import { Card, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useSession } from "@/components/session/use-session";
import { inboundCreditsQueryOptions } from "../nigeria-queries";
import { NgnTransactionsTable } from "../ngn-transactions-table";

/** The NGN pay-ins of the transaction list: each is an inbound transfer to the virtual account. */
export function InboundCredits() {
  const { mode } = useSession();
  const credits = useQuery(inboundCreditsQueryOptions(mode));
  return (
    <Card aria-labelledby="ngn-inbound-heading">
      <CardTitle id="ngn-inbound-heading">Inbound credits</CardTitle>
      <div className="mt-3">
        {credits.isPending ? (
          <div aria-busy="true">
            <span className="sr-only">Loading inbound credits</span>
            <Skeleton className="h-16 w-full" />
          </div>
        ) : credits.isError ? (
          <ErrorState title="Inbound credits could not be loaded." error={credits.error} onRetry={() => void credits.refetch()} />
        ) : credits.data.items.length === 0 ? (
          <EmptyState title="No inbound credits yet.">Transfers to the virtual account appear here once they settle.</EmptyState>
        ) : (
          <>
            {/* The credits are the NGN pay-ins of the merchant's whole history, whichever account received them:
                an account provisioned later (or not yet) does not erase them. */}
            <p className="mb-2 text-sm text-slate-700">
              Every NGN payment received by this merchant, including any that arrived before the current virtual account existed.
            </p>
            <NgnTransactionsTable
              rows={credits.data.items}
              caption="Inbound NGN credits, newest first"
              linkOf={(row) => `/transactions/${encodeURIComponent(row.id)}`}
            />
            <AsOf iso={credits.data.asOf} className="mt-2" />
          </>
        )}
      </div>
    </Card>
  );
}
