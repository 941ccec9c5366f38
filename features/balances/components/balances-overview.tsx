import { Card, CardTitle } from "@/components/ui/card";
import { WidgetBoundary } from "@/components/ui/widget-boundary";
import { MarketsPanel } from "./markets-panel";
import { PocketGrid } from "./pocket-grid";

/** The overview: pockets and markets as separate widgets, so one failing leaves the other usable. */
export function BalancesOverview() {
  return (
    <div className="space-y-8">
      <section aria-labelledby="pockets-heading" className="space-y-3">
        <div>
          <h2 id="pockets-heading" className="text-lg font-semibold text-slate-900">
            Balances by pocket
          </h2>
          <p className="text-sm text-slate-700">
            Each currency is a separate pocket. Balances in different currencies are never added together.
          </p>
        </div>
        <WidgetBoundary title="Balances could not be shown.">
          <PocketGrid />
        </WidgetBoundary>
      </section>
      <Card aria-labelledby="markets-heading">
        <CardTitle id="markets-heading">Markets</CardTitle>
        <div className="mt-2">
          <WidgetBoundary title="Markets could not be shown.">
            <MarketsPanel />
          </WidgetBoundary>
        </div>
      </Card>
    </div>
  );
}
