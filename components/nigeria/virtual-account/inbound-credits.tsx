"use client";

import { useQuery } from "@tanstack/react-query";
import { Card, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { useSession } from "@/components/session/use-session";
import { TransactionRowsPanel } from "@/components/transactions/transaction-rows-panel";
import { inboundCreditsQueryOptions } from "../nigeria-queries";

/** The NGN pay-ins of the transaction list: each is an inbound transfer to the virtual account. */
export function InboundCredits() {
  const { mode } = useSession();
  const credits = useQuery(inboundCreditsQueryOptions(mode));
  return (
    <Card aria-labelledby="ngn-inbound-heading">
      <CardTitle id="ngn-inbound-heading">Inbound credits</CardTitle>
      <div className="mt-3">
        <TransactionRowsPanel
          query={credits}
          what="inbound credits"
          empty={<EmptyState title="No inbound credits yet.">Transfers to the virtual account appear here once they settle.</EmptyState>}
          // The credits are the NGN pay-ins of the merchant's whole history, whichever account received them:
          // an account provisioned later (or not yet) does not erase them.
          intro={
            <p className="mb-2 text-sm text-slate-700">
              Every NGN payment received by this merchant, including any that arrived before the current virtual account existed.
            </p>
          }
          caption="Inbound NGN credits, newest first"
          linkOf={(row) => `/transactions/${encodeURIComponent(row.id)}`}
        />
      </div>
    </Card>
  );
}
