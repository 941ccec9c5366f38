"use client";

import { useQuery } from "@tanstack/react-query";
import { useSession } from "@/components/session/use-session";
import { Card, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingBlock } from "@/components/ui/loading-block";
import { formatLocalTimeOnceHydrated } from "@/components/ui/time-format";
import { useHydrated } from "@/components/ui/use-hydrated";
import { formatMoney } from "@/lib/money";
import { ApprovalDecision } from "./approval-decision";
import { ApprovalDetails, ApprovalStatusBadge, outcomeSentence } from "./approval-summary";
import { approvalQueryOptions } from "./approvals-queries";

const STEP: Record<string, string> = {
  "approval.requested": "Requested",
  "approval.approved": "Approved",
  "approval.rejected": "Rejected",
  "approval.expired": "Expired",
  "approval.sent": "Sent",
  "approval.failed": "Failed",
};

/** One request: the maker's "Waiting for approval" page and the approver's view, with its trail. */
export function ApprovalRequestScreen({ id }: { id: string }) {
  const { mode } = useSession();
  const hydrated = useHydrated();
  const detail = useQuery(approvalQueryOptions(mode, id));
  if (detail.isPending) return <LoadingBlock label="Loading the request" className="h-48 w-full" />;
  if (!detail.data)
    return <ErrorState title="This request could not be loaded." error={detail.error} onRetry={() => void detail.refetch()} />;
  const { request, trail } = detail.data;
  const outcome = outcomeSentence(request);
  return (
    <div className="space-y-4">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle>
            {formatMoney(request.amount, request.currency)} · {request.railLabel}
          </CardTitle>
          <ApprovalStatusBadge request={request} />
        </div>
        {request.status === "requested" && request.mine ? (
          <p className="mt-2 text-sm text-slate-800" data-testid="waiting-for-approval">
            Waiting for approval: nothing is sent until another person approves it.
          </p>
        ) : null}
        {outcome ? (
          <p className="mt-2 text-sm text-slate-800" data-testid="approval-outcome">
            {outcome}
          </p>
        ) : null}
        <div className="mt-3">
          <ApprovalDetails request={request} />
        </div>
        <div className="mt-3">
          <ApprovalDecision request={request} />
        </div>
      </Card>
      <Card aria-labelledby="trail-heading">
        <CardTitle id="trail-heading">Trail</CardTitle>
        <ol className="mt-2 space-y-1 text-sm" data-testid="approval-trail">
          {trail.map((entry) => (
            <li key={`${entry.at}-${entry.action}`} className="flex flex-wrap gap-x-2">
              <span className="font-medium text-slate-900">{STEP[entry.action] ?? entry.action}</span>
              <span className="text-slate-700">{entry.actor ?? "the console"}</span>
              <span className="text-slate-600">{formatLocalTimeOnceHydrated(entry.at, hydrated)}</span>
              {entry.result.includes(":") ? <span className="text-slate-600">({entry.result.split(":")[1]})</span> : null}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
