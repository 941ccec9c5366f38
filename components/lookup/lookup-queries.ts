import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { lookupContract, lookupKeys } from "@/lib/contracts/lookup";
import type { Environment } from "@/lib/rails";

/** Step one of a lookup: the value as a transactionId (a 404 comes back as `transaction: null`). */
export function lookupByIdQueryOptions(mode: Environment, value: string) {
  return queryOptions({
    queryKey: lookupKeys.byId(mode, value),
    queryFn: ({ signal }) => apiFetch(lookupContract, { params: { q: value }, signal }),
    enabled: value !== "",
  });
}
