"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Card, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { useSession } from "@/components/session/use-session";
import { TransactionRowsPanel } from "@/features/transactions/transaction-rows-panel";
import { inboundCreditsQueryOptions } from "../nigeria-queries";

/**
 * Every Nigeria pay-in on /transactions (the URL state of features/transactions/url-state.ts; a test parses it back).
 * @internal
 */
export const ALL_NGN_CREDITS_HREF = "/transactions?rail=nigeria&type=payin";

function AllCreditsLink() {
  return (
    <Link href={ALL_NGN_CREDITS_HREF} className="text-indigo-800 underline">
      Transactions, filtered to Nigeria pay-ins
    </Link>
  );
}

/**
 * The newest NGN pay-ins of the transaction list: each is an inbound transfer to the virtual account.
 * The BFF reads a few pages of every rail's pay-ins, not the whole list (features/transactions/server/recent.ts),
 * so "none here" can mean "none among the newest": then it says so and links the full list.
 */
export function InboundCredits() {
  const { mode } = useSession();
  const credits = useQuery(inboundCreditsQueryOptions(mode));
  const more = credits.data?.more ?? false;
  return (
    <Card aria-labelledby="ngn-inbound-heading">
      <CardTitle id="ngn-inbound-heading">Recent inbound credits</CardTitle>
      <div className="mt-3">
        <TransactionRowsPanel
          query={credits}
          what="inbound credits"
          empty={
            more ? (
              <EmptyState title="No inbound credits among the newest pay-ins.">
                Only the newest pay-ins of every rail are read here; any older credits are on <AllCreditsLink />.
              </EmptyState>
            ) : (
              <EmptyState title="No inbound credits yet.">
                Transfers to the virtual account appear here once they settle, and on <AllCreditsLink />.
              </EmptyState>
            )
          }
          // The credits are the NGN pay-ins of the merchant's whole history, whichever account received them:
          // an account provisioned later (or not yet) does not erase them.
          intro={
            <p className="mb-2 text-sm text-slate-700">
              The newest NGN payments received by this merchant, including any that arrived before the current virtual account existed.
            </p>
          }
          caption="Inbound NGN credits, newest first"
          linkOf={(row) => `/transactions/${encodeURIComponent(row.id)}`}
          outro={
            more ? (
              <p className="mt-2 text-sm text-slate-700">
                Older credits are on <AllCreditsLink />.
              </p>
            ) : null
          }
        />
      </div>
    </Card>
  );
}
