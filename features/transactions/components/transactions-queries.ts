import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { storyContract, storyKeys, transactionContract, transactionKeys } from "@/features/transactions/contracts";
import type { Environment } from "@/lib/rails";

/** The deep link and the lookup's direct hit: one transaction, fresh from upstream. */
export function transactionQueryOptions(mode: Environment, id: string) {
  return queryOptions({
    queryKey: transactionKeys.one(mode, id),
    queryFn: ({ signal }) => apiFetch(transactionContract, { params: { id }, signal }),
  });
}

/** A payment's story (features/transactions/server/story.ts). */
export function storyQueryOptions(mode: Environment, id: string) {
  return queryOptions({
    queryKey: storyKeys.one(mode, id),
    queryFn: ({ signal }) => apiFetch(storyContract, { params: { id }, signal }),
  });
}
