import { marketStateExplanation } from "@/features/balances/market-state";
import { EmptyState } from "@/components/ui/empty-state";
import { MARKET_INFO, type Market } from "@/lib/rails";

/**
 * A market the merchant cannot use in this mode (§1 rules 8 and 10): not approved, or live only.
 * The forms' gate shows it from the balances; a status page from its record's read (403
 * market_not_enabled), on the server or in the browser.
 */
export function MarketUnavailable({ market, state }: { market: Market; state: "not_enabled" | "live_only" }) {
  const label = MARKET_INFO[market].label;
  return (
    <div data-testid="market-unavailable" data-state={state}>
      <EmptyState title={state === "live_only" ? `${label} is live only` : `${label} is not enabled`}>
        {marketStateExplanation(market, state)}
      </EmptyState>
    </div>
  );
}
