"use client";

import type { ReactNode } from "react";
import { marketStates } from "@/features/balances/market-state";
import { useBalances } from "@/features/balances/use-balances";
import { useSession } from "@/components/session/use-session";
import { ErrorState } from "@/components/ui/error-state";
import { RefreshFailed } from "@/components/ui/refresh-failed";
import { LoadingBlock } from "../ui/loading-block";
import { MarketUnavailable } from "./market-unavailable";
import { MARKET_INFO, type Market, type MarketState } from "@/lib/rails";

/** §1 rule 9: Bangladesh writes may be paused; the other markets are not affected. No retry is offered. */
export function PausedBanner({ market }: { market: Market }) {
  const label = MARKET_INFO[market].label;
  return (
    <div role="alert" data-testid="market-paused" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-medium">{label} is paused</p>
      <p className="mt-1">
        The {label} rail answered that payments are unavailable. This is not a problem with the request, and it is not retried
        automatically. Other regions keep working.
      </p>
    </div>
  );
}

/**
 * Renders `children(state)` only when the market can take writes: its pocket
 * exists (§1 rule 8), it is not live-only in test (§1 rule 10). A paused
 * Bangladesh still renders, under the banner: the pause is remembered, not
 * reported, and may have ended
 * (docs/decisions/0025-bangladesh-pause-shown-in-the-pages.md).
 */
export function MarketGate({ market, children }: { market: Market; children: (state: MarketState) => ReactNode }) {
  const { mode } = useSession();
  const balances = useBalances();
  const label = MARKET_INFO[market].label;

  if (balances.isPending) return <LoadingBlock label={`Checking whether ${label} is enabled`} />;
  // Only when there is nothing to go on: a failed background refresh keeps the last answer, and
  // the form under it (typed, half sent) must stay mounted, with the failure said beside it.
  if (!balances.data)
    return (
      <ErrorState
        title={`Whether ${label} is enabled could not be checked.`}
        error={balances.error}
        onRetry={() => void balances.refetch()}
      />
    );

  const state = marketStates(balances.data, mode)[market];
  if (state === "not_enabled" || state === "live_only") return <MarketUnavailable market={market} state={state} />;
  return (
    <div className="space-y-4">
      {balances.isError ? (
        <RefreshFailed
          what={`whether ${label} is enabled`}
          error={balances.error}
          readAt={balances.dataUpdatedAt}
          onRetry={() => void balances.refetch()}
        />
      ) : null}
      {state === "paused" ? <PausedBanner market={market} /> : null}
      {children(state)}
    </div>
  );
}
