import "server-only";
import type { SearchResponse, SearchResult, SearchWrite, SearchedList } from "@/features/lookup/contracts";
import { dayIn, parseSearch, rowMatches, type MatchedOn, type SearchQuery } from "@/features/lookup/search-query";
import { toTransactionRow } from "@/features/transactions/server/transaction-dto";
import { FRESH_FOR_NEW_VIEW_MS, transactionsFor } from "@/features/transactions/server/registry";
import { idsToTry } from "@/lib/lookup-input";
import { decimalParts } from "@/lib/decimal-string";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { Environment } from "@/lib/rails";
import type { TransactionRow } from "@/lib/transaction-row";
import type { RowStore } from "@/features/transactions/server/row-store";
import { publicMessageOf } from "@/lib/server/api-error";
import { db } from "@/lib/server/db/app";
import { searchConsoleWrites, type ConsoleWrite, type FoundConsoleWrite } from "@/lib/server/money-writes/summary-store";
import { paymentsFor } from "@/lib/server/payments";

// Support's one search (issue 57): whatever a caller has, in every configured environment at
// once, so no mode switch is needed to see a result. The transaction lists (one shared copy per
// environment, features/transactions/server) answer for ids, platform order ids and amounts; the
// console's own writes (the ledger and its masked summaries) for merchant references, NGN payout
// references, amounts and an account's last digits, including writes not in the list yet.

/** The most results one search answers, newest first; `more` says there were others. */
const RESULTS = 100;

/** A value shaped like the API's ids ("tx_01H…"): also asked for directly, in case the list has not reached it. */
const ID_SHAPED = /^[a-z]+_[a-z0-9]{6,64}$/i;

/** One environment's transaction list, as the search reads it (a TransactionSync in the app, a fake in tests). */
type SearchableList = {
  rows: Pick<RowStore, "scan" | "get">;
  upsert: (row: TransactionRow) => void;
  state: () => Omit<SearchedList, "environment" | "error">;
};

export type SearchSources = {
  environments: readonly Environment[];
  list: (environment: Environment) => SearchableList;
  client: (environment: Environment) => Pick<PaymentsClient, "getTransaction">;
  writes: (query: SearchQuery, timeZone: string, limit: number) => Promise<FoundConsoleWrite[]>;
};

/** A cheap test on a row's free texts (RowStore.scan) that every row the query can match passes (rowMatches decides). */
function prefilterOf(query: SearchQuery): (text: string) => boolean {
  const amount = query.amount ? decimalParts(query.amount.value).int : null;
  return (value) => (amount !== null && value.startsWith(amount)) || value.toLowerCase() === query.text;
}

function writeOf(write: ConsoleWrite): SearchWrite {
  return {
    rail: write.rail,
    merchantReference: write.reference,
    state: write.state,
    createdAt: write.createdAt.toISOString(),
    createdBy: write.createdBy.name || write.createdBy.email,
    amount: write.summary?.amount ?? null,
    currency: write.summary?.currency ?? null,
    bankName: write.summary?.bankName ?? null,
    accountLast4: write.summary?.accountLast4 ?? null,
    payoutReference: write.summary?.payoutReference ?? null,
  };
}

function matchedOnOf({ matched }: FoundConsoleWrite): MatchedOn[] {
  const on: MatchedOn[] = [];
  if (matched.reference) on.push("merchantReference");
  if (matched.payoutReference) on.push("payoutReference");
  if (matched.amount) on.push("amount");
  if (matched.digits) on.push("accountDigits");
  return on;
}

/** The transaction by its id, straight from the API (two spellings at most, lib/lookup-input.ts); null when there is none. */
async function byId(client: Pick<PaymentsClient, "getTransaction">, value: string): Promise<TransactionRow | null> {
  for (const id of idsToTry(value)) {
    try {
      return toTransactionRow(await client.getTransaction(id));
    } catch (error) {
      if (!(error instanceof PaymentsApiError && (error.code === "not_found" || error.code === "validation"))) throw error;
    }
  }
  return null;
}

/**
 * Every match of `typed` in `sources`' environments, newest first, each with what it matched on.
 * `timeZone` says which day "an amount on a day" means (the searcher's).
 */
export async function searchPayments(typed: string, timeZone: string, sources: SearchSources): Promise<SearchResponse> {
  const query = parseSearch(typed);
  if (!query) return { query: typed, results: [], more: false, lists: [] };
  const dayOf = dayIn(timeZone);
  const found = new Map<string, SearchResult>();
  const add = (environment: Environment, row: TransactionRow, matchedOn: MatchedOn[]) => {
    const key = `${environment}:${row.id}`;
    const known = found.get(key);
    if (known) known.matchedOn = [...new Set([...known.matchedOn, ...matchedOn])];
    else found.set(key, { environment, matchedOn, transactionId: row.id, at: row.createdAt, row, write: null });
  };
  const prefilter = prefilterOf(query);
  const lists: SearchedList[] = [];
  for (const environment of sources.environments) {
    const list = sources.list(environment);
    let error: string | null = null;
    for (const { row, match } of list.rows.scan(prefilter, (row) => {
      const on = rowMatches(row, query, dayOf);
      return on.length > 0 ? on : null;
    }))
      add(environment, row, match);
    if (ID_SHAPED.test(query.shown) && !found.has(`${environment}:${query.shown}`)) {
      try {
        const row = await byId(sources.client(environment), query.shown);
        if (row) {
          list.upsert(row);
          add(environment, row, ["transactionId"]);
        }
      } catch (failure) {
        error = publicMessageOf(failure).message;
      }
    }
    lists.push({ environment, ...list.state(), error });
  }
  for (const write of await sources.writes(query, timeZone, RESULTS + 1)) {
    const matchedOn = matchedOnOf(write);
    const listed = write.transactionId ? found.get(`${write.environment}:${write.transactionId}`) : undefined;
    if (listed) {
      listed.matchedOn = [...new Set([...listed.matchedOn, ...matchedOn])];
      listed.write = writeOf(write);
      continue;
    }
    const key = write.transactionId
      ? `${write.environment}:${write.transactionId}`
      : `${write.environment}:write:${write.rail}:${write.reference}`;
    found.set(key, {
      environment: write.environment,
      matchedOn,
      transactionId: write.transactionId,
      at: write.createdAt.toISOString(),
      row: null,
      write: writeOf(write),
    });
  }
  // A write the list holds, found by what the console kept: its row, for its state and the API's times.
  for (const result of found.values()) {
    const row = !result.row && result.transactionId ? sources.list(result.environment).rows.get(result.transactionId) : undefined;
    if (row) {
      result.row = row;
      result.at = row.createdAt;
    }
  }
  const results = [...found.values()].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return { query: query.shown, results: results.slice(0, RESULTS), more: results.length > RESULTS, lists };
}

/** The app's sources: the shared lists (loaded, or refreshed if older than a new view allows), the API, the ledger. */
export function appSearchSources(environments: readonly Environment[]): SearchSources {
  return {
    environments,
    list: (environment) => {
      const sync = transactionsFor(environment);
      sync.refresh(FRESH_FOR_NEW_VIEW_MS);
      return {
        rows: sync.rows,
        upsert: (row) => sync.upsert(row),
        state: () => {
          const { loaded, total, complete } = sync.chunk(Number.MAX_SAFE_INTEGER, 0);
          return { loaded, total, complete };
        },
      };
    },
    client: paymentsFor,
    writes: (query, timeZone, limit) =>
      searchConsoleWrites(db(), {
        environments,
        text: query.text,
        amount: query.amount ? { ...query.amount, timeZone } : null,
        digits: query.digits,
        limit,
      }),
  };
}
