import { MARKET_INFO, MARKETS, type Environment, type Market, type MarketState } from "@/lib/rails";
import type { BadgeTone } from "@/components/ui/badge";
import type { BalancesDto } from "@/lib/contracts/balances";

export const MARKET_STATE_BADGE: Record<MarketState, { label: string; tone: BadgeTone }> = {
  enabled: { label: "Enabled", tone: "green" },
  not_enabled: { label: "Not enabled", tone: "slate" },
  live_only: { label: "Live only", tone: "violet" },
  paused: { label: "Paused", tone: "amber" },
};

/** Why a market is in its state, in the words staff need to act on it. */
export function marketStateExplanation(market: Market, state: MarketState): string {
  switch (state) {
    case "enabled":
      return "Approved: its pocket is provisioned.";
    case "not_enabled":
      return market === "nigeria"
        ? "The merchant must complete market approval and KYC verification."
        : "The merchant must complete market approval.";
    case "live_only":
      return "Available in live mode only. Switch to live to use it.";
    case "paused":
      return "Payments are temporarily unavailable on this rail. Other markets are not affected.";
  }
}

/**
 * The BFF decides each market's state; this fills any market it leaves out, the same way:
 * live-only rails in test whatever the pockets say (§1 rule 10), otherwise enabled iff the pocket exists (§1 rule 8).
 */
export function marketStates(data: BalancesDto, mode: Environment): Record<Market, MarketState> {
  const given = new Map(data.markets.map((entry) => [entry.market, entry.state]));
  const pockets = new Set(data.pockets.map((pocket) => pocket.currency));
  return Object.fromEntries(
    MARKETS.map((market) => {
      const info = MARKET_INFO[market];
      const fallback: MarketState = info.liveOnly && mode === "test" ? "live_only" : pockets.has(info.pocket) ? "enabled" : "not_enabled";
      return [market, given.get(market) ?? fallback];
    }),
  ) as Record<Market, MarketState>;
}
