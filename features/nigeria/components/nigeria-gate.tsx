"use client";

import type { ReactNode } from "react";
import { marketStates } from "@/features/balances/market-state";
import { useBalances } from "@/features/balances/use-balances";
import { ErrorState } from "@/components/ui/error-state";
import { RefreshFailed } from "@/components/ui/refresh-failed";
import { Skeleton } from "@/components/ui/skeleton";
import { useSession } from "@/components/session/use-session";
import { LiveOnlyState, MarketNotEnabledState } from "./nigeria-states";

/**
 * Renders its children only where Nigeria can work: live mode (§1 rule 10) and
 * an approved market, known from the NGN pocket (§1 rule 8) as on the overview.
 * Some Nigeria data (the transaction list) is not gated upstream, so the page
 * cannot rely on a 403 to learn the market is off.
 */
export function NigeriaGate({ children }: { children: ReactNode }) {
  const { mode } = useSession();
  const balances = useBalances();
  if (mode === "test") return <LiveOnlyState />;
  if (balances.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only">Checking the Nigeria market</span>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  // Only when there is nothing to go on: a background refetch that fails keeps the last data, and
  // the children (a wizard half filled in) must not be unmounted, and their state lost, for it.
  if (!balances.data)
    return (
      <ErrorState title="The Nigeria market state could not be checked." error={balances.error} onRetry={() => void balances.refetch()} />
    );
  const state = marketStates(balances.data, mode).nigeria;
  if (state === "live_only") return <LiveOnlyState />;
  if (state === "not_enabled") return <MarketNotEnabledState />;
  // One tree whether the refresh failed or not: the wizard under it keeps its state either way.
  return (
    <div className="space-y-4">
      {balances.isError ? (
        <RefreshFailed
          what="the Nigeria market state"
          error={balances.error}
          readAt={balances.dataUpdatedAt}
          onRetry={() => void balances.refetch()}
        />
      ) : null}
      {children}
    </div>
  );
}
