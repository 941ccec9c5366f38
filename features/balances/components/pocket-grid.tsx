"use client";

import { AsOf } from "@/components/ui/as-of";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { useSession } from "@/components/session/use-session";
import { MARKET_INFO, MARKETS } from "@/lib/rails";
import { marketStates } from "../market-state";
import { OtherPocketCard, PocketCard, PocketCardSkeleton } from "./pocket-card";

const KNOWN_POCKETS: ReadonlySet<string> = new Set(MARKETS.map((market) => MARKET_INFO[market].pocket));
import { useBalances } from "../use-balances";

function PocketGridSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">Loading balances</span>
      {MARKETS.map((market) => (
        <PocketCardSkeleton key={market} market={market} pocket={MARKET_INFO[market].pocket} />
      ))}
    </div>
  );
}

/** One card per pocket, in the spec's order; a pocket the API does not return shows its market's state. */
export function PocketGrid() {
  const { mode } = useSession();
  const balances = useBalances();

  if (balances.isPending) return <PocketGridSkeleton />;
  if (balances.isError)
    return <ErrorState title="Balances could not be loaded." error={balances.error} onRetry={() => void balances.refetch()} />;

  const data = balances.data;
  const states = marketStates(data, mode);
  const byCurrency = new Map(data.pockets.map((pocket) => [pocket.currency, pocket]));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <AsOf iso={data.asOf} label="Fetched" />
        <Button variant="secondary" onClick={() => void balances.refetch()} disabled={balances.isFetching}>
          {balances.isFetching ? "Refreshing…" : "Refresh balances"}
        </Button>
      </div>
      {data.pockets.length === 0 ? (
        <EmptyState title="No pockets yet.">A pocket is provisioned when its market is approved.</EmptyState>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {MARKETS.map((market) => {
          const pocket = MARKET_INFO[market].pocket;
          return <PocketCard key={market} market={market} pocket={pocket} state={states[market]} balance={byCurrency.get(pocket)} />;
        })}
        {data.pockets
          .filter((pocket) => !KNOWN_POCKETS.has(pocket.currency))
          .map((pocket) => (
            <OtherPocketCard key={pocket.currency} balance={pocket} />
          ))}
      </div>
    </div>
  );
}
