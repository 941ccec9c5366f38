"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { useSession } from "@/components/session/use-session";
import { Button } from "@/components/ui/button";
import { apiFetch, isApiFetchError } from "@/lib/api-fetch";
import { indiaUtrContract, payinKeys } from "@/lib/contracts/region-payins";
import { loadOrSay } from "@/lib/requests/load";

/** The route's own schema, loaded once the operator is in the form (zod is ~19 KB gzip): it checks only on submit. */
const loadUtrSchema = () => import("@/lib/requests/region-submissions").then((m) => m.utrSubmissionSchema);

/** §2.6: once the customer says they paid, their bank's UTR moves the pay-in to review (POST /v1/h2h/buyer-confirms-payment). */
export function IndiaUtrForm({ transactionId }: { transactionId: string }) {
  const { mode } = useSession();
  const queryClient = useQueryClient();
  const [utr, setUtr] = useState("");
  const [error, setError] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: (value: string) => apiFetch(indiaUtrContract, { params: { id: transactionId }, body: { utr: value } }),
    onSuccess: (payin) => queryClient.setQueryData(payinKeys.one(mode, "india", transactionId), payin),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const schema = await loadOrSay(loadUtrSchema, setError);
    if (!schema) return;
    const parsed = schema.safeParse({ utr });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Invalid UTR");
    setError(null);
    confirm.mutate(parsed.data.utr, {
      onError: (failure) =>
        setError(isApiFetchError(failure) ? (failure.fields?.utr?.[0] ?? failure.message) : "The UTR could not be sent."),
    });
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadUtrSchema()}
      className="space-y-2 rounded-md border border-slate-200 p-3"
      aria-labelledby="utr-heading"
    >
      <h3 id="utr-heading" className="text-sm font-semibold text-slate-900">
        Customer says they paid? Submit their UTR
      </h3>
      <FormField
        id="india-utr"
        label="Bank UTR"
        hint="The 12-digit reference from the customer's bank or UPI app."
        inputMode="numeric"
        autoComplete="off"
        value={utr}
        onChange={(event) => setUtr(event.target.value)}
        errors={error ? [error] : undefined}
      />
      <Button type="submit" variant="secondary" disabled={confirm.isPending}>
        {confirm.isPending ? "Submitting…" : "Submit UTR"}
      </Button>
    </form>
  );
}
