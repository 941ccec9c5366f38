"use client";

import { AsOf } from "@/components/ui/as-of";
import { Badge } from "@/components/ui/badge";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useSession } from "@/components/session/use-session";
import { MARKET_INFO, MARKETS } from "@/lib/rails";
import { MARKET_STATE_BADGE, marketStateExplanation, marketStates } from "../market-state";
import { useBalances } from "../use-balances";

/** Each region as enabled / not enabled / live only / paused. */
export function MarketsPanel() {
  const { mode } = useSession();
  const balances = useBalances();

  if (balances.isPending) {
    // The rows of the loaded list (name known, explanation and badge as bars in their line
    // boxes), so the panel keeps its height when the states arrive.
    return (
      <div aria-busy="true">
        <span className="sr-only">Loading markets</span>
        <ul aria-hidden="true" className="divide-y divide-slate-200">
          {MARKETS.map((market) => (
            <li key={market} className="flex items-start justify-between gap-4 py-2">
              <div>
                <p className="text-sm font-medium text-slate-900">{MARKET_INFO[market].label}</p>
                <div className="flex h-4 items-center">
                  <Skeleton className="h-3 w-56 max-w-full" />
                </div>
              </div>
              <Skeleton className="h-5 w-20" />
            </li>
          ))}
        </ul>
        <div className="mt-2 flex h-4 items-center">
          <Skeleton className="h-3 w-40" />
        </div>
      </div>
    );
  }
  if (balances.isError)
    return <ErrorState title="Markets could not be loaded." error={balances.error} onRetry={() => void balances.refetch()} />;

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
      <AsOf iso={balances.data.asOf} className="mt-2" />
    </div>
  );
}
