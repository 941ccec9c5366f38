"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import * as z from "zod/mini";
import { useSession } from "@/components/session/use-session";
import { Button } from "@/components/ui/button";
import { isApiFetchError } from "@/lib/api-fetch";
import type { Environment, Market } from "@/lib/rails";
import { bodyFromValues, initialValues, normaliseFieldErrors, reviewRowsOf, type FieldSpec, type FormValues } from "@/lib/regions/form";
import { newMerchantReference } from "@/lib/regions/reference";
import { fieldErrorsFromIssues } from "@/lib/contracts/errors";
import { PausedBanner } from "./market-gate";
import { ReviewDialog } from "./review-dialog";
import { SpecFields } from "./spec-fields";
import { useAttemptKey } from "./use-attempt-key";
import { useIdempotentSubmit } from "./use-idempotent-submit";
import { fieldErrorsOf, needsFreshReference, writeErrorKind, type WriteErrorKind } from "./write-error";

// The one form scaffold behind every region's "request a payment" and payout
// page: fields → body (checked with the endpoint's shared schema) → review
// dialog showing that body exactly → one idempotent submit → status page.

export type WriteFormConfig = {
  /** sessionStorage slot and DOM id prefix, e.g. "payin-bangladesh". */
  id: string;
  market: Market;
  /** Posts `{ attemptKey, body }` or `{ body }` to the region's BFF route (its contract in lib/contracts). */
  send: (submission: WriteSubmission) => Promise<Created>;
  /** Where the Idempotency-Key comes from: a random attempt key per reviewed body, or the body's merchantReference. */
  keyFrom: "attempt" | "reference";
  fields: readonly FieldSpec[];
  /** The endpoint's request schema (lib/requests), the same one the BFF and the client apply. */
  bodySchema: z.core.$ZodType;
  submitLabel: string;
  review: { title: string; description: string; confirmLabel: string };
  statusHref: (transactionId: string) => string;
  statusQueryKey: (mode: Environment, transactionId: string) => QueryKey;
  /** Region wording where the default says too little (which pocket funds it, what a pause means). */
  messages?: Partial<Record<WriteErrorKind, string>>;
};

type Created = { transactionId: string };
/** The reviewed body, checked with `bodySchema`, and the attempt key when the key does not come from the body. */
type WriteSubmission = { attemptKey?: string; body: Record<string, unknown> };
type Reviewing = { submission: WriteSubmission; rows: ReturnType<typeof reviewRowsOf> };

const DEFAULT_MESSAGES: Record<WriteErrorKind, string> = {
  fields: "Some fields need attention.",
  funds: "The pocket does not hold enough funds. Nothing was sent.",
  conflict: "This reference was already used with different details. A fresh reference has been filled in: review and send again.",
  unavailable: "The rail is unavailable right now. This is not a problem with the request, and it is not retried automatically.",
  market_not_enabled: "This market is not enabled for the merchant: it needs approval first.",
  forbidden: "Your role may not send this.",
  unknown_outcome:
    "No answer came back, so the request may have been created. Sending it again is safe: it carries the same idempotency key, and the service replays the first answer instead of creating a second.",
};

const idOf = (submission: WriteSubmission) => submission.attemptKey ?? String(submission.body.merchantReference);
const resultIdOf = (created: Created) => created.transactionId;

/** `bannerShown`: the market gate already shows the paused banner, so the form does not repeat it. */
export function ReviewedWriteForm({ config, intro, bannerShown = false }: { config: WriteFormConfig; intro?: ReactNode; bannerShown?: boolean }) {
  const { mode } = useSession();
  const router = useRouter();
  const queryClient = useQueryClient();
  const memoryKey = `${config.id}:${mode}`;
  const attempt = useAttemptKey(`${memoryKey}:attempt`);
  const write = useIdempotentSubmit<WriteSubmission, Created>({ memoryKey, idOf, resultIdOf, send: config.send });

  const [values, setValues] = useState<FormValues>(() => {
    if (config.keyFrom !== "reference") return initialValues(config.fields);
    // A write whose answer never came back keeps its reference, so sending it again replays instead of duplicating.
    const pending = write.remembered && !write.remembered.resultId ? write.remembered.id : null;
    return initialValues(config.fields, { merchantReference: pending ?? newMerchantReference(config.market) });
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const kind = write.error ? writeErrorKind(write.error) : null;
  const message = (k: WriteErrorKind) => config.messages?.[k] ?? DEFAULT_MESSAGES[k];
  // §1 rule 9: a paused Bangladesh is reported once, with no retry offered on this page.
  const [paused, setPaused] = useState(false);

  function change(name: string, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _dropped, ...rest }) => rest);
  }

  async function review(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    write.resetError();
    const body = bodyFromValues(config.fields, values);
    const parsed = z.safeParse(config.bodySchema, body);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error));
      return;
    }
    setErrors({});
    const submission: WriteSubmission = config.keyFrom === "attempt" ? { attemptKey: await attempt.keyFor(body), body } : { body };
    setReviewing({ submission, rows: reviewRowsOf(config.fields, body) });
  }

  async function confirm() {
    if (!reviewing) return;
    try {
      const created = await write.submit(reviewing.submission);
      if (!created) return; // a second click while the first is in flight
      attempt.forget();
      queryClient.setQueryData(config.statusQueryKey(mode, created.transactionId), created);
      router.push(config.statusHref(created.transactionId));
    } catch (error) {
      const failure = writeErrorKind(error);
      if (failure === "unavailable" && config.market === "bangladesh") {
        setPaused(true);
        setReviewing(null);
      } else if (failure === "fields") {
        setErrors(normaliseFieldErrors(fieldErrorsOf(error)));
        setNotice(isApiFetchError(error) && error.code === "upstream_rejected" ? "The payments service refused some fields." : message("fields"));
        setReviewing(null);
      } else if (needsFreshReference(failure)) {
        // The API may replay this answer for the same key: the next attempt needs a new one.
        attempt.forget();
        if (config.keyFrom === "reference") change("merchantReference", newMerchantReference(config.market));
        setNotice(message(failure));
        setReviewing(null);
      }
      // Other failures stay in the dialog, at the step they belong to.
    }
  }

  return (
    <form noValidate onSubmit={(event) => void review(event)} className="space-y-4" aria-labelledby={`${config.id}-heading`}>
      {intro}
      {paused && !bannerShown ? <PausedBanner market={config.market} /> : null}
      {notice ? (
        <p role="alert" data-testid="form-notice" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {notice}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SpecFields idPrefix={config.id} fields={config.fields} values={values} errors={errors} onChange={change} disabled={write.submitting} />
      </div>
      <Button type="submit" disabled={write.submitting || paused}>
        {config.submitLabel}
      </Button>
      <ReviewDialog
        open={reviewing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setReviewing(null);
            write.resetError();
          }
        }}
        title={config.review.title}
        description={config.review.description}
        rows={reviewing?.rows ?? []}
        confirmLabel={kind === "unknown_outcome" ? "Send again (same key)" : config.review.confirmLabel}
        submitting={write.submitting}
        onConfirm={() => void confirm()}
      >
        {kind && kind !== "fields" ? (
          <div role="alert" data-testid="review-error" data-kind={kind} className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <p>{message(kind)}</p>
            {isApiFetchError(write.error) && write.error.requestId ? <p className="mt-1 font-mono text-xs">Request ID: {write.error.requestId}</p> : null}
          </div>
        ) : null}
      </ReviewDialog>
    </form>
  );
}
