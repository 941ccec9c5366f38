import { BalancesAsOf } from "./balances-as-of";
import { Badge } from "@/components/ui/badge";
import { formatAmount } from "@/lib/money";
import { MARKET_INFO, pocketLabel, type Market, type MarketState, type Pocket } from "@/lib/rails";
import type { PocketDto } from "./balances-query";
import { MARKET_STATE_BADGE, marketStateExplanation } from "./market-state";
import { POCKET_NOTES } from "./pocket-notes";

type PocketCardProps = { pocket: Pocket; market: Market; state: MarketState; balance: PocketDto | undefined; asOf: string };

// PYUSD-USDC gets its own colour so it is never read as Europe's USDC.
function frameClass(pocket: Pocket): string {
  return pocket === "PYUSD-USDC" ? "border-violet-300 bg-violet-50" : "border-slate-200 bg-white";
}

function Figure({ label, hint, amount, currency, testId }: { label: string; hint: string; amount: string; currency: string; testId: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-700">
        {label} <span className="text-xs text-slate-600">({hint})</span>
      </dt>
      <dd className="mt-0.5 font-mono text-xl font-semibold text-slate-900 tabular-nums">
        <span data-testid={testId}>{formatAmount(amount, currency)}</span> <span className="text-sm font-medium">{pocketLabel(currency)}</span>
      </dd>
    </div>
  );
}

/** One currency pocket. Never summed with another: unlike currencies stay apart (§1 rule 3). */
export function PocketCard({ pocket, market, state, balance, asOf }: PocketCardProps) {
  const titleId = `pocket-${pocket}-title`;
  const note = POCKET_NOTES[pocket];
  return (
    <article aria-labelledby={titleId} data-testid={`pocket-${pocket}`} className={`rounded-lg border p-4 shadow-sm ${frameClass(pocket)}`}>
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            {pocketLabel(pocket)}
          </h3>
          <p className="text-xs text-slate-600">{MARKET_INFO[market].label} pocket</p>
        </div>
        {balance && state === "enabled" ? null : <Badge tone={MARKET_STATE_BADGE[state].tone}>{MARKET_STATE_BADGE[state].label}</Badge>}
      </div>
      {note ? <p className="mt-2 text-xs text-slate-700">{note}</p> : null}
      {balance ? (
        <>
          <dl className="mt-3 space-y-2">
            <Figure label="Available" hint="available, settled, spendable" amount={balance.available} currency={pocket} testId="available" />
            <Figure label="Pending" hint="in-flight pay-ins" amount={balance.pending} currency={pocket} testId="pending" />
          </dl>
          <BalancesAsOf iso={balance.asOf ?? asOf} className="mt-3" />
        </>
      ) : (
        // A missing pocket is "not provisioned", never a zero balance.
        <p className="mt-3 text-sm text-slate-700" data-testid="pocket-unavailable">
          {marketStateExplanation(market, state)}
        </p>
      )}
    </article>
  );
}
