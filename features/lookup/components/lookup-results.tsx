"use client";

import Link from "next/link";
import { useSession } from "@/components/session/use-session";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import type { SearchResult, SearchWrite, SearchedList } from "@/features/lookup/contracts";
import { MATCHED_ON_LABELS } from "@/features/lookup/search-query";
import { TransactionFields } from "@/features/transactions/transaction-fields";
import { transactionHref } from "@/features/transactions/transaction-href";
import { formatMoney } from "@/lib/money";
import type { Environment } from "@/lib/rails";

const WRITE_STATES: Record<SearchWrite["state"], string> = {
  intent: "Reserved in the console, not sent yet",
  held: "Waiting for a second person's approval, not sent yet",
  sent: "Sent to the API, its answer not in yet",
  answered: "Created by the API",
  failed: "Refused by the API: not created",
  unknown: "Sent, but the API's answer never came: its outcome is not known (check again from its form)",
};

function ModeLabel({ environment }: { environment: Environment }) {
  return <Badge tone={environment === "live" ? "red" : "amber"}>{environment === "live" ? "Live" : "Test"}</Badge>;
}

function WriteSummary({ write }: { write: SearchWrite }) {
  return (
    <dl className="mt-2 grid gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[12rem_1fr]" data-testid="search-write">
      <dt className="text-slate-700">Created in the console by</dt>
      <dd className="wrap-anywhere">
        {write.createdBy}, <LocalTime iso={write.createdAt} />
      </dd>
      <dt className="text-slate-700">Merchant reference</dt>
      <dd className="font-mono wrap-anywhere">{write.merchantReference}</dd>
      {write.payoutReference ? (
        <>
          <dt className="text-slate-700">Payout reference</dt>
          <dd className="font-mono wrap-anywhere">{write.payoutReference}</dd>
        </>
      ) : null}
      {write.amount && write.currency ? (
        <>
          <dt className="text-slate-700">Amount sent</dt>
          <dd>{formatMoney(write.amount, write.currency)}</dd>
        </>
      ) : null}
      {write.accountLast4 ? (
        <>
          <dt className="text-slate-700">Beneficiary</dt>
          <dd>
            {write.bankName ?? "Account"} ending {write.accountLast4}
          </dd>
        </>
      ) : null}
      <dt className="text-slate-700">State in the console</dt>
      <dd>{WRITE_STATES[write.state]}</dd>
    </dl>
  );
}

/**
 * How a result opens: in this mode, its page; in the other, its page with the mode it needs, where
 * switching is a question the person answers (the header's confirmed switch), never done for them.
 */
function OpenLink({ result }: { result: SearchResult }) {
  const { mode } = useSession();
  if (!result.transactionId) return <p className="mt-2 text-sm text-slate-800">Not in the transaction list: the API has not named it.</p>;
  const other = result.environment !== mode;
  return (
    <Link
      href={transactionHref(result.transactionId, other ? result.environment : null)}
      className="mt-2 inline-block text-sm text-indigo-800 underline wrap-anywhere"
    >
      Open {result.transactionId}
      {other ? ` (in ${result.environment} mode)` : ""}
    </Link>
  );
}

export function SearchResults({ results, more }: { results: readonly SearchResult[]; more: boolean }) {
  return (
    <section aria-label="Search results" className="space-y-3" data-testid="search-results">
      <h2 className="text-lg font-semibold text-slate-900">
        {results.length} {results.length === 1 ? "match" : "matches"}
        {more ? " (the newest 100)" : ""}, newest first
      </h2>
      <ol className="space-y-3">
        {results.map((result) => (
          <li
            key={`${result.environment}:${result.transactionId ?? result.write?.merchantReference}`}
            className="rounded-lg border border-slate-200 bg-white p-4"
            data-testid="search-result"
            data-id={result.transactionId ?? ""}
            data-environment={result.environment}
          >
            <p className="mb-2 flex flex-wrap items-center gap-2 text-sm">
              <ModeLabel environment={result.environment} />
              <span data-testid="matched-on">Matched on {result.matchedOn.map((on) => MATCHED_ON_LABELS[on]).join(", ")}</span>
            </p>
            {result.row ? (
              <TransactionFields row={result.row} />
            ) : (
              <p className="text-sm text-slate-800">Not in the {result.environment} transaction list yet.</p>
            )}
            {result.write ? <WriteSummary write={result.write} /> : null}
            <OpenLink result={result} />
          </li>
        ))}
      </ol>
    </section>
  );
}

const count = new Intl.NumberFormat("en-US");

/** A list still loading, or an API that did not answer: the results may miss something, and the page says so. */
export function ListNotes({ lists }: { lists: readonly SearchedList[] }) {
  const notes = lists.flatMap((list) => [
    ...(list.complete
      ? []
      : [
          `The ${list.environment} transaction list is still loading (${count.format(list.loaded)}${
            list.total === null ? "" : ` of ${count.format(list.total)}`
          }): search again shortly for every match.`,
        ]),
    ...(list.error ? [`The ${list.environment} payments API did not answer a direct lookup: ${list.error}`] : []),
  ]);
  if (notes.length === 0) return null;
  return (
    <div role="status" className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950" data-testid="search-partial">
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}
