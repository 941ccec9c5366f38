import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import type { Environment } from "@/lib/rails";
import type { SingleTransactionResponse } from "@/lib/transactions/types";

/** Step one of a lookup: the value as a transactionId (a 404 comes back as `transaction: null`). */
export function lookupByIdQueryOptions(mode: Environment, value: string) {
  return queryOptions({
    queryKey: ["lookup", mode, value],
    queryFn: ({ signal }) => apiFetch<SingleTransactionResponse>(`/api/lookup?${new URLSearchParams({ q: value })}`, { signal }),
    enabled: value !== "",
  });
}
