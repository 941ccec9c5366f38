"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSession } from "@/components/session/use-session";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { FormField } from "@/components/ui/form-field";
import { LoadingBlock } from "@/components/ui/loading-block";
import { formatLocalTimeOnceHydrated } from "@/components/ui/time-format";
import { useHydrated } from "@/components/ui/use-hydrated";
import { approvalKeys, type ApprovalPoliciesDto, type PolicyChangeDto, type PolicyChangeInput } from "@/features/approvals/contracts";
import { isApiFetchError } from "@/lib/api-fetch";
import { formatMoney } from "@/lib/money";
import { cancelPolicy, confirmPolicy, policiesQueryOptions, proposePolicy } from "./approvals-queries";

const CURRENCIES = [
  { currency: "NGN", label: "Nigeria (NGN)" },
  { currency: "BDT", label: "Bangladesh (BDT)" },
  { currency: "BRL", label: "Brazil (BRL)" },
  // The request's amount: the USDC debit is known only from the create answer.
  { currency: "EUR", label: "Europe (EUR)" },
] as const;

const describe = (action: string, threshold: string | null, currency: string) =>
  action === "remove"
    ? "No policy: payouts go at once"
    : threshold === null
      ? "Every payout"
      : `At or above ${formatMoney(threshold, currency)}`;

function PendingChange({ change }: { change: PolicyChangeDto }) {
  const hydrated = useHydrated();
  const { mode } = useSession();
  const queryClient = useQueryClient();
  const onSuccess = (data: ApprovalPoliciesDto) => queryClient.setQueryData(approvalKeys.policies(mode), data);
  const confirm = useMutation({ mutationFn: () => confirmPolicy(change.id), onSuccess });
  const cancel = useMutation({ mutationFn: () => cancelPolicy(change.id), onSuccess });
  const error = confirm.error ?? cancel.error;
  return (
    <li className="space-y-2 py-3 text-sm" data-testid="pending-change" data-currency={change.currency}>
      <p className="text-slate-900">
        <span className="font-semibold">{change.currency}</span>: {describe(change.action, change.threshold, change.currency)}
      </p>
      <p className="text-slate-700">
        Proposed by {change.proposedBy}, {formatLocalTimeOnceHydrated(change.proposedAt, hydrated)}.{" "}
        {change.mine ? "Another admin must confirm it before it applies." : "It applies once you confirm it."}
      </p>
      {error ? (
        <p role="alert" className="text-red-800">
          {error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {change.mine ? null : (
          <Button onClick={() => confirm.mutate()} disabled={confirm.isPending || cancel.isPending}>
            Confirm change
          </Button>
        )}
        <Button variant="secondary" onClick={() => cancel.mutate()} disabled={confirm.isPending || cancel.isPending}>
          Withdraw
        </Button>
      </div>
    </li>
  );
}

function ProposeForm() {
  const { mode } = useSession();
  const queryClient = useQueryClient();
  const [change, setChange] = useState<PolicyChangeInput>({ currency: "NGN", action: "threshold", threshold: "" });
  const propose = useMutation({
    mutationFn: () => proposePolicy(change),
    onSuccess: (data) => queryClient.setQueryData(approvalKeys.policies(mode), data),
  });
  const fields = isApiFetchError(propose.error) ? (propose.error.fields ?? {}) : {};
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        propose.mutate();
      }}
    >
      <div>
        <label htmlFor="policy-currency" className="block text-sm font-medium text-slate-900">
          Payouts in
        </label>
        <select
          id="policy-currency"
          value={change.currency}
          onChange={(event) => setChange({ ...change, currency: event.target.value as PolicyChangeInput["currency"] })}
          className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-sm text-slate-900"
        >
          {CURRENCIES.map(({ currency, label }) => (
            <option key={currency} value={currency}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-900">Need a second person&apos;s approval</legend>
        {(
          [
            ["threshold", "At or above an amount"],
            ["every", "Every payout"],
            ["remove", "Never (no policy)"],
          ] as const
        ).map(([action, label]) => (
          <label key={action} className="flex items-center gap-2 text-sm text-slate-900">
            <input type="radio" name="policy-action" checked={change.action === action} onChange={() => setChange({ ...change, action })} />
            {label}
          </label>
        ))}
      </fieldset>
      {change.action === "threshold" ? (
        <FormField
          id="policy-threshold"
          label={`Amount in ${change.currency}`}
          hint="In the request's currency; a payout at or above it waits for approval."
          inputMode="decimal"
          value={change.threshold ?? ""}
          onChange={(event) => setChange({ ...change, threshold: event.target.value })}
          errors={fields.threshold}
        />
      ) : null}
      {propose.error && !fields.threshold ? (
        <p role="alert" className="text-sm text-red-800">
          {propose.error.message}
        </p>
      ) : null}
      <Button type="submit" disabled={propose.isPending}>
        Propose change
      </Button>
      <p className="text-xs text-slate-700">A change applies only once another admin confirms it, and never to requests already made.</p>
    </form>
  );
}

/** /settings/approvals: the policies in force in this mode, changes waiting for a second admin, and a new change. */
export function PoliciesScreen() {
  const { mode } = useSession();
  const hydrated = useHydrated();
  const policies = useQuery(policiesQueryOptions(mode));
  if (policies.isPending) return <LoadingBlock label="Loading approval policies" className="h-48 w-full" />;
  if (!policies.data)
    return <ErrorState title="Approval policies could not be loaded." error={policies.error} onRetry={() => void policies.refetch()} />;
  const { policies: inForce, pending } = policies.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        <Card aria-labelledby="in-force">
          <CardTitle id="in-force">In force ({mode})</CardTitle>
          {inForce.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">No policy: every payout goes at once.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 text-sm" data-testid="policies">
              {inForce.map((policy) => (
                <li key={policy.currency} className="py-2" data-currency={policy.currency}>
                  <p className="font-medium text-slate-900">
                    {policy.currency}: {describe("set", policy.threshold, policy.currency)}
                  </p>
                  <p className="text-slate-700">
                    Set by {policy.setBy}, confirmed by {policy.confirmedBy}, {formatLocalTimeOnceHydrated(policy.updatedAt, hydrated)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card aria-labelledby="pending-heading">
          <CardTitle id="pending-heading">Waiting for a second admin</CardTitle>
          {pending.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">No change waits.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200">
              {pending.map((change) => (
                <PendingChange key={change.id} change={change} />
              ))}
            </ul>
          )}
        </Card>
      </div>
      <Card aria-labelledby="propose-heading">
        <CardTitle id="propose-heading">Propose a change</CardTitle>
        <div className="mt-3">
          <ProposeForm />
        </div>
      </Card>
    </div>
  );
}
