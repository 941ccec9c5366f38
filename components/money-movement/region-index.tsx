"use client";

import Link from "next/link";
import { MARKET_STATE_BADGE, marketStateExplanation, marketStates } from "@/features/balances/market-state";
import { useBalances } from "@/features/balances/use-balances";
import { useSession } from "@/components/session/use-session";
import { Badge } from "@/components/ui/badge";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingBlock } from "../ui/loading-block";
import { MARKET_INFO, type Market } from "@/lib/rails";

/**
 * The regions a page family covers, each a link only while its market can
 * take writes (enabled, or paused Bangladesh: see MarketGate); otherwise why not.
 */
export function RegionIndex({ regions, basePath, testId }: { regions: readonly Market[]; basePath: string; testId: string }) {
  const { mode } = useSession();
  const balances = useBalances();
  if (balances.isPending) return <LoadingBlock label="Loading markets" className="h-32 w-full" />;
  if (balances.isError)
    return <ErrorState title="Markets could not be loaded." error={balances.error} onRetry={() => void balances.refetch()} />;
  const states = marketStates(balances.data, mode);
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid={testId}>
      {regions.map((market) => {
        const state = states[market];
        const open = state === "enabled" || state === "paused";
        return (
          <li key={market} className="flex items-start justify-between gap-4 p-3" data-testid={`${testId}-${market}`} data-state={state}>
            <div>
              {open ? (
                <Link href={`${basePath}/${market}`} className="font-medium text-indigo-800 underline">
                  {MARKET_INFO[market].label}
                </Link>
              ) : (
                <p className="font-medium text-slate-900">{MARKET_INFO[market].label}</p>
              )}
              <p className="text-xs text-slate-700">{marketStateExplanation(market, state)}</p>
            </div>
            <Badge tone={MARKET_STATE_BADGE[state].tone}>{MARKET_STATE_BADGE[state].label}</Badge>
          </li>
        );
      })}
    </ul>
  );
}
