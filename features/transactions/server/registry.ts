import "server-only";
import { after } from "next/server";
import { answerWithin } from "@/lib/answer-within";
import type { PaymentsClient } from "@/lib/payments";
import type { Environment } from "@/lib/rails";
import type { TransactionChunkResponse } from "@/lib/transaction-row";
import { LIST_REQUESTS_IN_FLIGHT, listPaymentsFor } from "@/lib/server/payments";
import { perEnvironment } from "@/lib/server/per-environment";
import { toTransactionRow } from "./transaction-dto";
import type { TransactionSource } from "./source";
import { statusSightings } from "./status-seen";
import { TransactionSync } from "./sync";

/** The sync's source over the payments client (scripts/bench/stages.ts times a cold load through it). */
export function sourceFrom(client: Pick<PaymentsClient, "listTransactions" | "getTransaction">): TransactionSource {
  return {
    async listTransactions(query) {
      const page = await client.listTransactions(query);
      return { items: page.items.map(toTransactionRow), unreadable: page.unreadable, total: page.total, offset: page.offset };
    },
    async getTransaction(id) {
      return toTransactionRow(await client.getTransaction(id));
    },
  };
}

/** The one shared list of an environment, created on first use. */
export const transactionsFor = perEnvironment(
  "__transactionSyncs",
  // Twice as many pages worked on as requests on the wire: while one page is parsed and merged,
  // another's request takes its place on the wire (lib/payments/in-flight-limit.ts).
  (mode) =>
    new TransactionSync(sourceFrom(listPaymentsFor(mode)), {
      concurrency: 2 * LIST_REQUESTS_IN_FLIGHT,
      // For a row's story: "seen by the console at" (shared by instances).
      onStatusSeen: (rows, kind) => (kind === "news" ? statusSightings(mode).saw(rows) : statusSightings(mode).sawSettledOnFirstRead(rows)),
    }),
);

/** A view opening the list (a page load, or since=0) gets a list at most this old: the same staleness as the app's queries. */
export const FRESH_FOR_NEW_VIEW_MS = 30_000;

/**
 * The newest rows /transactions is server-rendered with, so the first rows are in the
 * page itself instead of one more round trip after hydration. A cold list reads its first
 * page alone (waiting at most `waitMs`); null when no row is there by then (the browser's
 * feed carries on either way).
 */
export async function firstTransactionRows(mode: Environment, limit: number, waitMs: number): Promise<TransactionChunkResponse | null> {
  const sync = transactionsFor(mode);
  await answerWithin(sync.loadFirstPage(), waitMs);
  // The full load (or the refresh of an old copy) starts once this page has been sent, from the
  // first page read above: its requests in flight would otherwise share the CPU with this render
  // and hold the first rows back (started as soon as the first page was in, the first rows came
  // 297 ms after the request instead of ~125 ms on the bench's cold loopback list).
  after(() => sync.refresh(FRESH_FOR_NEW_VIEW_MS));
  const chunk = sync.newestChunk(limit);
  return chunk.items.length > 0 ? { environment: mode, ...chunk } : null;
}
