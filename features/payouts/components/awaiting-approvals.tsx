"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useCan, useSession } from "@/components/session/use-session";
import { Card, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingBlock } from "@/components/ui/loading-block";
import { formatLocalTimeOnceHydrated } from "@/components/ui/time-format";
import { useHydrated } from "@/components/ui/use-hydrated";
import { formatMoney } from "@/lib/money";
import { ApproveButton } from "./approve-button";
import { awaitingApprovalsQueryOptions } from "./payouts-queries";

/** Europe payouts the API says need the explicit approve step, still waiting for it. */
export function AwaitingApprovals() {
  const { mode } = useSession();
  const canApprove = useCan("payouts:approve");
  const awaiting = useQuery(awaitingApprovalsQueryOptions(mode));
  // The list may come in the server's HTML, which cannot know the reader's time zone: UTC until hydrated.
  const hydrated = useHydrated();

  return (
    <Card aria-labelledby="awaiting-heading" data-testid="awaiting-approval">
      <CardTitle id="awaiting-heading">Awaiting approval (Europe)</CardTitle>
      <p className="mt-1 text-xs text-slate-700">
        Listed from the payouts this dashboard created; a payout created elsewhere can be approved from its status page.
      </p>
      <div className="mt-3">
        {awaiting.isPending ? (
          <LoadingBlock label="Loading payouts awaiting approval" className="h-16 w-full" />
        ) : awaiting.isError ? (
          <ErrorState
            title="Payouts awaiting approval could not be loaded."
            error={awaiting.error}
            onRetry={() => void awaiting.refetch()}
          />
        ) : awaiting.data.items.length === 0 ? (
          <EmptyState title="Nothing awaits approval." />
        ) : (
          <ul className="divide-y divide-slate-200">
            {awaiting.data.items.map((payout) => (
              <li
                key={payout.transactionId}
                className="flex flex-wrap items-center justify-between gap-3 py-2"
                data-testid="awaiting-item"
                data-id={payout.transactionId}
              >
                <div className="text-sm">
                  <Link
                    href={`/payouts/europe/${encodeURIComponent(payout.transactionId)}`}
                    className="font-mono text-indigo-800 underline"
                  >
                    {payout.transactionId}
                  </Link>
                  <p className="text-slate-800">
                    {payout.amount && payout.currency ? formatMoney(payout.amount, payout.currency) : "—"} to{" "}
                    {payout.beneficiaryName ?? "—"}
                    {payout.debitAmount && payout.debitCurrency ? `, debits ${formatMoney(payout.debitAmount, payout.debitCurrency)}` : ""}
                  </p>
                  <p className="text-xs text-slate-700">Created {formatLocalTimeOnceHydrated(payout.createdAt, hydrated)}</p>
                </div>
                {canApprove ? <ApproveButton payout={payout} /> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
