import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import type { Environment, Market, MarketState } from "@/lib/rails";

/** GET /api/balances (docs/architecture.md). Amounts are decimal strings, never numbers. */
export type PocketDto = {
  currency: string;
  label?: string;
  available: string;
  pending: string;
  /** When the upstream last changed this pocket, if it says; otherwise the response's asOf applies. */
  asOf?: string;
};
export type MarketDto = { market: Market; label?: string; state: MarketState };
export type BalancesDto = { asOf: string; mode: Environment; pockets: PocketDto[]; markets: MarketDto[] };

/** Root key: money movement elsewhere in the dashboard invalidates this to refresh every mode's balances. */
export const balancesQueryKey = ["balances"] as const;

export function balancesQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: [...balancesQueryKey, mode] as const,
    queryFn: ({ signal }) => apiFetch<BalancesDto>("/api/balances", { signal }),
    refetchInterval: 60_000,
  });
}
