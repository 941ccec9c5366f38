"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useSession } from "@/components/session/use-session";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingBlock } from "@/components/ui/loading-block";
import type { ApprovalDto } from "@/features/approvals/contracts";
import { formatMoney } from "@/lib/money";
import { ApprovalDecision } from "./approval-decision";
import { ApprovalDetails, ApprovalLine, ApprovalStatusBadge, outcomeSentence } from "./approval-summary";
import { approvalsQueryOptions } from "./approvals-queries";

function RequestCard({ request }: { request: ApprovalDto }) {
  const outcome = outcomeSentence(request);
  return (
    <Card aria-labelledby={`req-${request.id}`} data-testid="approval-request" data-reference={request.reference}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`req-${request.id}`} className="text-base font-semibold text-slate-900">
          <Link href={`/approvals/${request.id}`} className="hover:underline">
            {formatMoney(request.amount, request.currency)} · {request.railLabel}
          </Link>
        </h2>
        <ApprovalStatusBadge request={request} />
      </div>
      <div className="mt-3">
        <ApprovalDetails request={request} />
      </div>
      {outcome ? <p className="mt-3 text-sm text-slate-800">{outcome}</p> : null}
      <div className="mt-3">
        <ApprovalDecision request={request} />
      </div>
    </Card>
  );
}

/** /approvals: payouts held for a second person, oldest first, and the newest decided ones. */
export function ApprovalsScreen() {
  const { mode } = useSession();
  const list = useQuery(approvalsQueryOptions(mode));
  if (list.isPending) return <LoadingBlock label="Loading approval requests" className="h-48 w-full" />;
  if (!list.data)
    return <ErrorState title="Approval requests could not be loaded." error={list.error} onRetry={() => void list.refetch()} />;
  const { open, recent } = list.data;
  return (
    <div className="max-w-3xl space-y-6">
      <section aria-labelledby="open-heading" className="space-y-3">
        <h2 id="open-heading" className="text-lg font-semibold text-slate-900">
          Waiting ({open.length})
        </h2>
        {open.length === 0 ? (
          <EmptyState title="Nothing waits for approval.">
            Payouts a policy holds appear here until someone approves or rejects them.
          </EmptyState>
        ) : (
          open.map((request) => <RequestCard key={request.id} request={request} />)
        )}
      </section>
      {recent.length > 0 ? (
        <section aria-labelledby="recent-heading" className="space-y-2">
          <h2 id="recent-heading" className="text-lg font-semibold text-slate-900">
            Recently decided
          </h2>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {recent.map((request) => (
              <ApprovalLine key={request.id} request={request} detail={request.maker} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
