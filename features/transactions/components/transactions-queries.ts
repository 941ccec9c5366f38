import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { transactionContract, transactionKeys } from "@/features/transactions/contracts";
import type { Environment } from "@/lib/rails";

/** The deep link and the lookup's direct hit: one transaction, fresh from upstream. */
export function transactionQueryOptions(mode: Environment, id: string) {
  return queryOptions({
    queryKey: transactionKeys.one(mode, id),
    queryFn: ({ signal }) => apiFetch(transactionContract, { params: { id }, signal }),
  });
}
