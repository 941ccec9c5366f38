"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import type * as z from "zod/mini";
import { useSession } from "@/components/session/use-session";
import { Button } from "@/components/ui/button";
import { preloadDialog } from "@/components/ui/dialog";
import { isApiFetchError } from "@/lib/api-fetch";
import { fieldErrorsFromIssues } from "@/lib/contracts/errors";
import type { WriteLookupDto } from "@/lib/contracts/write-lookup";
import type { Environment, Market } from "@/lib/rails";
import { REFERENCE_PREFIX } from "@/lib/references";
import {
  bodyFromValues,
  initialValues,
  reviewRowsOf,
  valueAt,
  type FieldSpec,
  type FormValues,
  type ReviewRowData,
} from "@/lib/regions/form";
import { PausedBanner } from "./market-gate";
import { ReviewDialog } from "./review-dialog";
import { ReviewError } from "./review-error";
import { SpecFields } from "./spec-fields";
import { SubmissionRecovery } from "./submission-recovery";
import { unsettledWriteMessage, useReviewedSubmit } from "./use-reviewed-submit";
import { fieldErrorsOf, isFinalRefusal, writeErrorKind, type WriteErrorKind } from "./write-error";
import { loadOrSay } from "@/lib/requests/load";

// The one form scaffold behind every region's "request a payment" and payout
// page: fields → body (checked with the endpoint's shared schema) → review
// dialog showing that body exactly, and its reference → one reviewed submit
// (useReviewedSubmit) → status page.

export type WriteFormConfig = {
  /** sessionStorage slot and DOM id prefix, e.g. "payin-bangladesh". */
  id: string;
  market: Market;
  /** What the operator sends, in words: "payout", "payment request". */
  noun: string;
  /** Posts `{ reference, body }` or `{ body }` to the region's BFF route (its contract in lib/contracts). */
  send: (submission: WriteSubmission) => Promise<Created>;
  /**
   * Where the write's reference lives: `field`, the body's own merchant id
   * (merchantReference, filled with the reference unless the field is the
   * operator's own optional id), and `envelope`, beside the body for rails
   * whose body may carry none (`{ reference, body }`).
   */
  reference: { field?: string; envelope: boolean };
  /** "Was it created?" by reference (the rail's lookup route). */
  lookup: (reference: string) => Promise<WriteLookupDto>;
  lookupKey: (mode: Environment, reference: string) => QueryKey;
  fields: readonly FieldSpec[];
  /**
   * The endpoint's request schema (lib/requests), the same one the BFF and the client apply.
   * Loaded when the operator first moves into the form (lib/requests/load.ts), not with the page.
   */
  loadBodySchema: () => Promise<z.ZodMiniType>;
  submitLabel: string;
  /** `debits`: which pocket a payout debits, and when (ReviewDialog). */
  review: { title: string; description: string; confirmLabel: string; debits?: string };
  statusHref: (transactionId: string) => string;
  statusQueryKey: (mode: Environment, transactionId: string) => QueryKey;
  /** Region wording where the default says too little (which pocket funds it, what a pause means). */
  messages?: Partial<Record<WriteErrorKind, string>>;
};

type Created = { transactionId: string };
/** The reviewed body, checked with `bodySchema`, and the reference beside it when the body may not carry one. */
type WriteSubmission = { reference?: string; body: Record<string, unknown> };
type Reviewing = { reference: string; submission: WriteSubmission; rows: ReviewRowData[] };

const DEFAULT_MESSAGES: Record<WriteErrorKind, string> = {
  fields: "Some fields need attention.",
  funds: "The pocket does not hold enough funds. Nothing was sent.",
  spent: "The payments service already refused this reference, or it belongs to another request.",
  unavailable: "The rail is unavailable right now. This is not a problem with the request, and it is not retried automatically.",
  market_not_enabled: "This market is not enabled for the merchant: it needs approval first.",
  forbidden: "Your role may not send this.",
  mode_changed: "Nothing was sent: your session was switched to the other mode in another tab or window.",
  not_sent: "Nothing was sent: the code from your authenticator app was not given. Send again to be asked for it.",
  held: "Waiting for approval: nothing was sent yet.",
  unknown_outcome:
    "No answer came back, so the request may have been created. Check again sends the same request with the same reference: the service replays the first answer instead of creating a second.",
};

const referenceOf = (reviewed: Reviewing) => reviewed.reference;
const resultIdOf = (created: Created) => created.transactionId;

/** `bannerShown`: the market gate already shows the paused banner, so the form does not repeat it. */
export function ReviewedWriteForm({
  config,
  intro,
  bannerShown = false,
}: {
  config: WriteFormConfig;
  intro?: ReactNode;
  bannerShown?: boolean;
}) {
  const { mode } = useSession();
  const router = useRouter();
  const queryClient = useQueryClient();
  const write = useReviewedSubmit<Reviewing, Created>({
    memoryKey: `${config.id}:${mode}`,
    prefix: REFERENCE_PREFIX[config.market],
    referenceOf,
    resultIdOf,
    send: (reviewed) => config.send(reviewed.submission),
  });
  const filledField = config.reference.envelope ? undefined : config.reference.field;

  const [values, setValues] = useState<FormValues>(() => initialValues(config.fields));
  // The reference field shows this write's reference: once mounted, and the new one after "Start again".
  const [shownReference, setShownReference] = useState<string | null>(null);
  if (filledField && write.reference && write.reference !== shownReference) {
    setShownReference(write.reference);
    setValues({ ...values, [filledField]: write.reference });
  }
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
    const schema = await loadOrSay(config.loadBodySchema, setNotice);
    if (!schema) return;
    const parsed = schema.safeParse(bodyFromValues(config.fields, values));
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error));
      return;
    }
    setErrors({});
    // The body as the schema leaves it (an IBAN without spaces, "250" for "0250"): the dialog shows
    // exactly what is sent, and the BFF's own parse of it changes nothing.
    const body = parsed.data as Record<string, unknown>;
    const own = config.reference.field ? valueAt(body, config.reference.field) : undefined;
    const reference = typeof own === "string" ? own : write.reference;
    if (!reference) return; // not mounted yet
    const earlier = write.unsettledBesides(reference);
    if (earlier) {
      setNotice(unsettledWriteMessage(config.noun, earlier));
      return;
    }
    const rows = reviewRowsOf(config.fields, body);
    if (config.reference.envelope) {
      setReviewing({
        reference,
        submission: { reference, body },
        rows: [...rows, { field: "reference", label: "Reference", value: reference }],
      });
    } else setReviewing({ reference, submission: { body }, rows });
  }

  function startAgain() {
    write.startAgain();
    setReviewing(null);
    setNotice(null);
  }

  async function confirm() {
    if (!reviewing) return;
    try {
      const created = await write.submit(reviewing);
      if (!created) return; // a second click while the first is in flight
      write.startAgain(); // created: the next request gets a new reference
      queryClient.setQueryData(config.statusQueryKey(mode, created.transactionId), created);
      router.push(config.statusHref(created.transactionId));
    } catch (error) {
      const failure = writeErrorKind(error);
      if (failure === "unavailable" && config.market === "bangladesh") {
        setPaused(true);
        setReviewing(null);
      } else if (failure === "fields") {
        setErrors(fieldErrorsOf(error));
        setNotice(
          isApiFetchError(error) && error.code === "upstream_rejected" ? "The payments service refused some fields." : message("fields"),
        );
        setReviewing(null);
      }
      // Other failures stay in the dialog, with what helps (ReviewError).
    }
  }

  const lookup = (reference: string) => () => config.lookup(reference);
  const sent = !reviewing && !write.submitting ? write.sent : null;
  return (
    // The review dialog's code and the body's schema load once the operator is in the form.
    <form
      noValidate
      onSubmit={(event) => void review(event)}
      onFocus={() => {
        preloadDialog();
        void config.loadBodySchema();
      }}
      className="space-y-4"
      aria-labelledby={`${config.id}-heading`}
    >
      {intro}
      {paused && !bannerShown ? <PausedBanner market={config.market} /> : null}
      {sent ? (
        <SubmissionRecovery
          noun={config.noun}
          sent={sent}
          queryKey={config.lookupKey(mode, sent.reference)}
          lookup={lookup(sent.reference)}
          statusHref={config.statusHref}
          onFound={write.found}
          onDismiss={startAgain}
          testId={`${config.id}-recovery`}
        />
      ) : null}
      {notice ? (
        <p role="alert" data-testid="form-notice" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {notice}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SpecFields
          idPrefix={config.id}
          fields={config.fields}
          values={values}
          errors={errors}
          onChange={change}
          disabled={write.submitting}
        />
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
        debits={config.review.debits}
        rows={reviewing?.rows ?? []}
        confirmLabel={kind === "unknown_outcome" ? "Check again" : config.review.confirmLabel}
        canConfirm={!(kind && isFinalRefusal(kind))}
        submitting={write.submitting}
        onConfirm={() => void confirm()}
      >
        {kind && kind !== "fields" && reviewing ? (
          <ReviewError
            kind={kind}
            message={message(kind)}
            error={write.error}
            lookup={lookup(reviewing.reference)}
            onFound={(transactionId) => {
              write.startAgain();
              router.push(config.statusHref(transactionId));
            }}
            onStartAgain={startAgain}
          />
        ) : null}
      </ReviewDialog>
    </form>
  );
}
