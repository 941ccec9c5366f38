import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import type { FetchChunk } from "@/lib/transactions/feed";
import type { Environment } from "@/lib/rails";
import type { SingleTransactionResponse } from "@/lib/transactions/types";
import { decodeChunk, type TransactionChunkWire, WIRE_CHUNK_ROWS } from "@/lib/transactions/wire";

export const fetchTransactionChunk: FetchChunk = async ({ since, refresh, signal }) => {
  const query = new URLSearchParams({ since: String(since), limit: String(WIRE_CHUNK_ROWS) });
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
