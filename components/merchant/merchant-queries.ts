import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { meContract, meKeys } from "@/lib/contracts/me";
import type { Environment } from "@/lib/rails";

export function meQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: meKeys.mode(mode),
    queryFn: ({ signal }) => apiFetch(meContract, { signal }),
    staleTime: 5 * 60_000,
  });
}
