// GET /api/balances (browser-safe). Amounts are decimal strings, never numbers.
import type { Environment, Market, MarketState } from "@/lib/rails";
import { contract } from "./contract";

export type PocketDto = {
  currency: string;
  label: string;
  available: string;
  pending: string;
  /** When the upstream last changed this pocket, or else when the BFF read it. */
  asOf: string;
};
type MarketDto = { market: Market; label: string; state: MarketState };
/** One entry per pocket, never a total: unlike currencies are never summed (§1 rule 3). */
export type BalancesDto = { asOf: string; mode: Environment; pockets: PocketDto[]; markets: MarketDto[] };

export const balancesKeys = {
  /** Money movement anywhere in the dashboard invalidates this to refresh every mode's balances. */
  all: ["balances"] as const,
  mode: (mode: Environment) => ["balances", mode] as const,
};

export const balancesContract = contract<BalancesDto>()({ method: "GET", path: () => "/api/balances" });
