import "server-only";
import type { BalancesDto } from "@/lib/contracts/balances";
import type { Balance } from "@/lib/payments";
import { MARKET_INFO, MARKETS, pocketLabel, POCKETS, type Environment, type Market, type MarketState } from "@/lib/rails";
import { isBangladeshPaused } from "./market-pause";
import { paymentsFor } from "./payments";

function rank(currency: string): number {
  const index = (POCKETS as readonly string[]).indexOf(currency);
  return index === -1 ? POCKETS.length : index;
}

/**
 * A market's state, in order of precedence:
 * live_only in test for Nigeria and PYUSD, whatever the pockets say (§1 rule 10);
 * paused after a Bangladesh write answered payment_unavailable (§1 rule 9);
 * enabled when its pocket exists, since pockets are provisioned on approval (§1 rule 8);
 * not_enabled otherwise.
 */
function marketState(market: Market, mode: Environment, pockets: ReadonlySet<string>, bangladeshPaused: boolean): MarketState {
  const info = MARKET_INFO[market];
  if (mode === "test" && info.liveOnly) return "live_only";
  if (market === "bangladesh" && bangladeshPaused) return "paused";
  return pockets.has(info.pocket) ? "enabled" : "not_enabled";
}

/** updatedAt is the simulator's per-pocket time; §2.7 does not show it, so it is optional. */
function updatedAtOf(item: object): string | undefined {
  const value = (item as { updatedAt?: unknown }).updatedAt;
  return typeof value === "string" ? value : undefined;
}

function toBalancesDto(balance: Balance, mode: Environment, fetchedAt: Date, bangladeshPaused: boolean): BalancesDto {
  const asOf = fetchedAt.toISOString();
  const pockets = balance.items
    .map((item) => ({
      currency: item.currency,
      label: pocketLabel(item.currency),
      available: item.availableBalance,
      pending: item.pendingBalance,
      asOf: updatedAtOf(item) ?? asOf,
    }))
    .sort((a, b) => rank(a.currency) - rank(b.currency));
  const present = new Set(pockets.map((pocket) => pocket.currency));
  const markets = MARKETS.map((market) => ({
    market,
    label: MARKET_INFO[market].label,
    state: marketState(market, mode, present, bangladeshPaused),
  }));
  return { asOf, mode, pockets, markets };
}

/**
 * The balances DTO for a session's mode: what `GET /api/balances` answers and what the
 * overview page prefetches on the server. Callers check `balances:read` first.
 */
export async function loadBalances(mode: Environment): Promise<BalancesDto> {
  // The pause is read from the database while the balance comes from upstream.
  const [balance, bangladeshPaused] = await Promise.all([paymentsFor(mode).balance(), isBangladeshPaused(mode)]);
  return toBalancesDto(balance, mode, new Date(), bangladeshPaused);
}
