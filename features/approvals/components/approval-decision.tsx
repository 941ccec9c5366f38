"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { approvalKeys, type ApprovalDto } from "@/features/approvals/contracts";
import { isApiFetchError } from "@/lib/api-fetch";
import { approveRequest, rejectRequest } from "./approvals-queries";

const messageOf = (error: unknown) => (error instanceof Error ? error.message : "Something went wrong.");

/**
 * Approve (the browser asks for a code first: payouts:approve needs a fresh second factor) or
 * reject with a reason. The maker sees neither: a second person decides (the BFF refuses it too).
 */
export function ApprovalDecision({ request }: { request: ApprovalDto }) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: approvalKeys.all });
  const approve = useMutation({ mutationFn: () => approveRequest(request.id), onSettled: refresh });
  const reject = useMutation({ mutationFn: () => rejectRequest(request.id, reason), onSettled: refresh });
  const busy = approve.isPending || reject.isPending;
  const errorId = `decision-error-${request.id}`;

  if (request.status !== "requested") return null;
  if (request.mine)
    return (
      <p className="text-sm text-slate-700" data-testid="own-request">
        You made this request: another person must approve or reject it.
      </p>
    );
  const error = approve.error ?? reject.error;
  const nameChanged = isApiFetchError(error) && error.code === "name_changed";
  const reasonErrors = isApiFetchError(reject.error) ? reject.error.fields?.reason : undefined;
  return (
    <div className="space-y-3">
      {error ? (
        <p
          id={errorId}
          role="alert"
          className={`rounded-md p-3 text-sm ${nameChanged ? "bg-amber-50 text-amber-900" : "bg-red-50 text-red-900"}`}
        >
          {messageOf(error)}
        </p>
      ) : null}
      {rejecting ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            reject.mutate();
          }}
        >
          <label htmlFor={`reason-${request.id}`} className="block text-sm font-medium text-slate-900">
            Why is it rejected? The maker reads this.
          </label>
          <textarea
            id={`reason-${request.id}`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            maxLength={300}
            rows={2}
            aria-invalid={reasonErrors ? true : undefined}
            className="block w-full rounded-md border border-slate-400 px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={busy || reason.trim() === ""}>
              Reject payout
            </Button>
            <Button variant="secondary" onClick={() => setRejecting(false)} disabled={busy}>
              Keep it
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => approve.mutate()} disabled={busy || nameChanged} aria-describedby={error ? errorId : undefined}>
            {approve.isPending ? "Approving…" : "Approve and send"}
          </Button>
          <Button variant="secondary" onClick={() => setRejecting(true)} disabled={busy}>
            Reject…
          </Button>
        </div>
      )}
    </div>
  );
}
