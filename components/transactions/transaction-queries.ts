import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import type { FetchChunk } from "@/lib/transactions/feed";
import type { Environment } from "@/lib/rails";
import type { SingleTransactionResponse } from "@/lib/transactions/types";
import { decodeChunk, type TransactionChunkWire } from "@/lib/transactions/wire";

/**
 * Rows per answer. Each answer is parsed and merged in one main-thread task; at 10,000
 * rows those tasks took 85-150 ms on the bench machine and were most of /transactions'
 * Lighthouse total blocking time. 5,000 keeps them near 50 ms for 20 round trips.
 */
const CHUNK_LIMIT = 5_000;

export const fetchTransactionChunk: FetchChunk = async ({ since, refresh, signal }) => {
  const query = new URLSearchParams({ since: String(since), limit: String(CHUNK_LIMIT) });
  if (refresh) query.set("refresh", "1");
  return decodeChunk(await apiFetch<TransactionChunkWire>(`/api/transactions?${query}`, { signal }));
};

/** The deep link and the lookup's direct hit: one transaction, fresh from upstream. */
export function transactionQueryOptions(mode: Environment, id: string) {
  return queryOptions({
    queryKey: ["transaction", mode, id],
    queryFn: ({ signal }) => apiFetch<SingleTransactionResponse>(`/api/transactions/${encodeURIComponent(id)}`, { signal }),
  });
}
