"use client";

import { useQuery } from "@tanstack/react-query";
import { createParser, useQueryState } from "nuqs";
import { useState } from "react";
import { useSession } from "@/components/session/use-session";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { isModeChanged, lookupByIdQueryOptions } from "./lookup-queries";
import { MatchList, NoMatch } from "./lookup-results";
import { ScanProgress } from "./scan-progress";
import { useOrderIdScan } from "./use-order-id-scan";
import { withoutInvisibles } from "@/lib/invisibles";
import { LOOKUP_MAX_LENGTH, LOOKUP_TOO_LONG } from "@/lib/lookup-input";
import { loadOrSay } from "@/lib/requests/load";
import { holdsEveryRow } from "@/features/transactions/feed-state";

/** The route's own rule, loaded once the operator is in the box (zod is ~19 KB gzip): the form checks only on submit. */
const loadQuerySchema = () => import("@/features/lookup/schemas").then((m) => m.lookupQuerySchema);

/**
 * The URL's value as the route reads it (lookupQuerySchema without zod): nothing invisible, no
 * spaces around it. A link pasted from a chat with a zero-width space after the order id found it
 * by transaction id (the route cleans its input) but not by platform order id: the scan matched
 * the raw text.
 */
const parseAsLookup = createParser({
  parse: (value: string) => withoutInvisibles(value).trim(),
  serialize: (value: string) => value,
});

export function LookupView() {
  const { mode } = useSession();
  // The searched value lives in the URL, so support can paste a lookup link into a ticket;
  // each lookup is a history entry, so Back returns to the previous one.
  const [value, setValue] = useQueryState("q", parseAsLookup.withDefault("").withOptions({ history: "push" }));
  const [draft, setDraft] = useState(value);
  const [draftError, setDraftError] = useState<string | null>(null);
  // The box follows the URL when it changes under it (Back, Forward, a pasted link).
  const [lookedUp, setLookedUp] = useState(value);
  if (lookedUp !== value) {
    setLookedUp(value);
    setDraft(value);
  }
  // A pasted link with more than any id holds: the box says so, as it would on submit, and nothing is asked
  // (the route would refuse it, and a "Retry" could never succeed).
  const searched = value.length > LOOKUP_MAX_LENGTH ? "" : value;
  const fieldError = draftError ?? (searched !== value && draft === value ? LOOKUP_TOO_LONG : null);
  const byId = useQuery(lookupByIdQueryOptions(mode, searched));
  const needsScan = searched !== "" && byId.isSuccess && byId.data.transaction === null;
  const scan = useOrderIdScan(mode, searched, needsScan);

  return (
    <div className="space-y-4">
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onFocus={() => void loadQuerySchema()}
        onSubmit={(event) => {
          event.preventDefault();
          // The route's own rule: an empty box or a pasted page says so here, and nothing is asked.
          void loadOrSay(loadQuerySchema, setDraftError).then((schema) => {
            if (!schema) return;
            const parsed = schema.safeParse({ q: draft });
            if (!parsed.success) return setDraftError(parsed.error.issues[0]?.message ?? "Enter a transaction ID or a platform order ID.");
            setDraftError(null);
            void setValue(parsed.data.q);
          });
        }}
      >
        <label className="flex grow flex-col text-sm font-medium text-slate-900">
          Transaction ID or platform order ID
          <input
            name="q"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="mt-1 rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={fieldError !== null}
            aria-describedby={fieldError ? "lookup-error" : undefined}
          />
          {fieldError ? (
            <span id="lookup-error" role="alert" className="mt-1 font-normal text-red-800 wrap-anywhere">
              {fieldError}
            </span>
          ) : null}
        </label>
        <Button type="submit">Look up</Button>
      </form>
      <p className="text-sm text-slate-700">
        The value is tried first as a transaction ID, the main reference. If no transaction has that ID, it is searched as a platform order
        ID: the payment provider&apos;s own reference, used when escalating to the provider. A platform order ID is not a payment link and
        cannot be used to pay.
      </p>

      {/* The searched value can be 200 characters or a pasted link: it wraps anywhere at 360 px, in a
          <bdi> so a right-to-left character in it cannot reorder the sentence around it. */}
      {searched === "" ? null : byId.isPending ? (
        <p role="status" className="wrap-anywhere">
          Checking <bdi>{value}</bdi> as a transaction ID…
        </p>
      ) : isModeChanged(byId.error) ? (
        // Not a failure to retry: the session is in the other mode, and the page is catching up with it.
        <p role="status" className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950" data-testid="lookup-mode-changed">
          {byId.error.message} This page is switching to that mode.
        </p>
      ) : byId.isError ? (
        <ErrorState title="The lookup failed." error={byId.error} onRetry={() => void byId.refetch()} />
      ) : byId.data.transaction ? (
        <MatchList title="Found by transaction ID" rows={[byId.data.transaction]} />
      ) : (
        <>
          <ScanProgress snapshot={scan.snapshot} onCancel={scan.control.cancel} onResume={scan.control.start} />
          {scan.matches === null ? null : scan.matches.length > 0 ? (
            <MatchList title={`Found by platform order ID (${scan.matches.length})`} rows={scan.matches} />
          ) : holdsEveryRow(scan.snapshot) ? (
            <NoMatch value={value} unreadable={scan.snapshot.unreadable} />
          ) : null}
          {scan.snapshot.error ? (
            <p role="alert" className="text-sm text-red-900">
              {scan.snapshot.error}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
