import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { transactionChunkContract, transactionContract, transactionKeys } from "@/lib/contracts/transactions";
import type { FetchChunk } from "@/lib/transactions/feed";
import type { Environment } from "@/lib/rails";
import { decodeChunk } from "@/lib/transactions/wire";

export const fetchTransactionChunk: FetchChunk = async ({ since, refresh, signal }) =>
  decodeChunk(await apiFetch(transactionChunkContract, { params: { since, refresh }, signal }));

/** The deep link and the lookup's direct hit: one transaction, fresh from upstream. */
export function transactionQueryOptions(mode: Environment, id: string) {
  return queryOptions({
    queryKey: transactionKeys.one(mode, id),
    queryFn: ({ signal }) => apiFetch(transactionContract, { params: { id }, signal }),
  });
}
