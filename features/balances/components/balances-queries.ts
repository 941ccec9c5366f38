import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { balancesContract, balancesKeys } from "@/lib/contracts/balances";
import type { Environment } from "@/lib/rails";

export function balancesQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: balancesKeys.mode(mode),
    queryFn: ({ signal }) => apiFetch(balancesContract, { signal }),
    refetchInterval: 60_000,
  });
}
