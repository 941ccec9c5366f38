"use client";

import { useQuery } from "@tanstack/react-query";
import { createParser, useQueryState } from "nuqs";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { LOOKUP_BOX_ID, SEARCH_MAX_LENGTH } from "@/features/lookup/search-query";
import { withoutInvisibles } from "@/lib/invisibles";
import { readerTimeZone } from "@/lib/local-time";
import { loadOrSay } from "@/lib/requests/load";
import { ListNotes, SearchResults } from "./lookup-results";
import { searchQueryOptions } from "./search-queries";

/** The route's own rule, loaded once the operator is in the box (zod is ~19 KB gzip): the form checks only on submit. */
const loadSchema = () => import("@/features/lookup/schemas");

/** The URL's value as the route reads it (without zod): nothing invisible, no spaces around it. */
const parseAsSearch = createParser({
  parse: (value: string) => withoutInvisibles(value).trim(),
  serialize: (value: string) => value,
});

export function LookupView() {
  // The searched value lives in the URL, so support can paste a search into a ticket; each search
  // is a history entry, so Back returns to the previous one.
  const [value, setValue] = useQueryState("q", parseAsSearch.withDefault("").withOptions({ history: "push" }));
  const [draft, setDraft] = useState(value);
  const [draftError, setDraftError] = useState<string | null>(null);
  // The box follows the URL when it changes under it (Back, Forward, a pasted link, the header's box).
  const [searchedValue, setSearchedValue] = useState(value);
  if (searchedValue !== value) {
    setSearchedValue(value);
    setDraft(value);
  }
  const [timeZone] = useState(readerTimeZone);
  // A pasted link longer than anything matches: said in the box, nothing asked.
  const searched = value.length > SEARCH_MAX_LENGTH ? "" : value;
  const tooLong = searched !== value && draft === value;
  const search = useQuery(searchQueryOptions(searched, timeZone));

  return (
    <div className="space-y-4">
      <form
        role="search"
        aria-label="Payments"
        className="flex flex-wrap items-end gap-2"
        onFocus={() => void loadSchema()}
        onSubmit={(event) => {
          event.preventDefault();
          void loadOrSay(loadSchema, setDraftError).then((schemas) => {
            if (!schemas) return;
            const parsed = schemas.searchQuerySchema.safeParse({ q: draft, tz: timeZone });
            if (!parsed.success) return setDraftError(parsed.error.issues[0]?.message ?? schemas.SEARCH_EMPTY);
            setDraftError(null);
            void setValue(parsed.data.q);
          });
        }}
      >
        <label className="flex grow flex-col text-sm font-medium text-slate-900">
          Search payments
          <input
            id={LOOKUP_BOX_ID}
            name="q"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="mt-1 rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={draftError !== null || tooLong}
            aria-describedby={draftError || tooLong ? "lookup-error" : "lookup-hint"}
          />
          {draftError || tooLong ? (
            <span id="lookup-error" role="alert" className="mt-1 font-normal text-red-800 wrap-anywhere">
              {draftError ?? `That is longer than anything the search matches (at most ${SEARCH_MAX_LENGTH} characters).`}
            </span>
          ) : null}
        </label>
        <Button type="submit">Search</Button>
      </form>
      <div id="lookup-hint" className="space-y-1 text-sm text-slate-700">
        <p>
          Type what the caller has: a transaction ID, a platform order ID, a merchant reference, an NGN payout reference (NGNP-…), an amount
          (1,500 or 1500.00, optionally with a currency and a day: 1500 NGN 2026-12-06), or the last 4 or more digits of the
          beneficiary&apos;s account. Test and live are searched together; each result says which it is in.
        </p>
        <p data-testid="references-note">
          References are known for payments created in this console. Payments the merchant&apos;s own server created carry no merchant
          reference in the list: find them by transaction ID, platform order ID or amount.
        </p>
        <p>A platform order ID is the payment provider&apos;s own reference, used when escalating to the provider, not a payment link.</p>
      </div>

      {/* The searched value can be 200 characters or a pasted link: it wraps anywhere at 360 px, in a
          <bdi> so a right-to-left character in it cannot reorder the sentence around it. */}
      {searched === "" ? null : search.isPending ? (
        <p role="status" className="wrap-anywhere">
          Searching test and live for <bdi>{value}</bdi>…
        </p>
      ) : search.isError ? (
        <ErrorState title="The search failed." error={search.error} onRetry={() => void search.refetch()} />
      ) : (
        <>
          <ListNotes lists={search.data.lists} />
          {search.data.results.length > 0 ? (
            <SearchResults results={search.data.results} more={search.data.more} />
          ) : (
            <p
              role="status"
              className="rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 wrap-anywhere"
              data-testid="lookup-none"
            >
              Nothing in test or live matches “<bdi>{value}</bdi>”.
            </p>
          )}
        </>
      )}
    </div>
  );
}
