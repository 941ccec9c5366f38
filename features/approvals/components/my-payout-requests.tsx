"use client";

import { useQuery } from "@tanstack/react-query";
import { useSession } from "@/components/session/use-session";
import { Card, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { ApprovalLine } from "./approval-summary";
import { myApprovalsQueryOptions } from "./approvals-queries";

/**
 * The signed-in maker's own held payouts, in every market, and where each stands (waiting, sent,
 * rejected, expired), each linking to its page: on /payouts and /nigeria/payouts. Nothing for
 * someone who never had one held.
 */
export function MyPayoutRequests() {
  const { mode } = useSession();
  const mine = useQuery(myApprovalsQueryOptions(mode));
  if (!mine.isError && !mine.data?.requests.length) return null;
  return (
    <Card aria-labelledby="my-requests-heading" data-testid="my-payout-requests">
      <CardTitle id="my-requests-heading">Your payout requests</CardTitle>
      {mine.data ? (
        <>
          <p className="mt-1 text-sm text-slate-700">
            Your payouts an approval policy held for a second person, newest first, in every market.
          </p>
          <ul className="mt-3 divide-y divide-slate-200">
            {mine.data.requests.map((request) => (
              <ApprovalLine key={request.id} request={request} detail={request.reference} />
            ))}
          </ul>
        </>
      ) : (
        <div className="mt-3">
          <ErrorState title="Your payout requests could not be loaded." error={mine.error} onRetry={() => void mine.refetch()} />
        </div>
      )}
    </Card>
  );
}
