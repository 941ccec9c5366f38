"use client";

import { BalancesAsOf } from "./balances-as-of";
import { Badge } from "@/components/ui/badge";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useSession } from "@/components/session/use-session";
import { MARKET_INFO, MARKETS } from "@/lib/rails";
import { MARKET_STATE_BADGE, marketStateExplanation, marketStates } from "./market-state";
import { useBalances } from "./use-balances";

/** Each region as enabled / not enabled / live only / paused. */
export function MarketsPanel() {
  const { mode } = useSession();
  const balances = useBalances();

  if (balances.isPending) {
    return (
      <div aria-busy="true" className="space-y-2">
        <span className="sr-only">Loading markets</span>
        {MARKETS.map((market) => (
          <Skeleton key={market} className="h-8 w-full" />
        ))}
      </div>
    );
  }
  if (balances.isError) return <ErrorState title="Markets could not be loaded." error={balances.error} onRetry={() => void balances.refetch()} />;

  const states = marketStates(balances.data, mode);
  return (
    <div>
      <ul className="divide-y divide-slate-200">
        {MARKETS.map((market) => {
          const state = states[market];
          return (
            <li key={market} data-testid={`market-${market}`} data-state={state} className="flex items-start justify-between gap-4 py-2">
              <div>
                <p className="text-sm font-medium text-slate-900">{MARKET_INFO[market].label}</p>
                <p className="text-xs text-slate-700">{marketStateExplanation(market, state)}</p>
              </div>
              <Badge tone={MARKET_STATE_BADGE[state].tone}>{MARKET_STATE_BADGE[state].label}</Badge>
            </li>
          );
        })}
      </ul>
      <BalancesAsOf iso={balances.data.asOf} className="mt-2" />
    </div>
  );
}
