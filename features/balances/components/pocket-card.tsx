import { AsOf } from "@/components/ui/as-of";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { formatAmount } from "@/lib/money";
import { MARKET_INFO, pocketLabel, type Market, type MarketState, type Pocket } from "@/lib/rails";
import type { PocketDto } from "@/lib/contracts/balances";
import { MARKET_STATE_BADGE, marketStateExplanation } from "../market-state";

/** What each pocket is for; the two USDC pockets in particular must not be confused (§1 rule 4). */
const POCKET_NOTES: Partial<Record<Pocket, string>> = {
  USDT: "Credited by India UPI pay-ins.",
  USDC: "Europe pocket: funds EUR payouts.",
  "PYUSD-USDC": "Separate from Europe's USDC. EUR payouts cannot spend it.",
  NGN: "The only pocket that funds Nigeria payouts.",
};

type PocketCardProps = { pocket: Pocket; market: Market; state: MarketState; balance: PocketDto | undefined };

// PYUSD-USDC gets its own colour so it is never read as Europe's USDC.
function frameClass(pocket: Pocket): string {
  return pocket === "PYUSD-USDC" ? "border-violet-300 bg-violet-50" : "border-slate-200 bg-white";
}

function Figure({
  label,
  hint,
  amount,
  currency,
  testId,
}: {
  label: string;
  hint: string;
  amount: string;
  currency: string;
  testId: string;
}) {
  return (
    <div>
      <dt className="text-sm text-slate-700">
        {label} <span className="text-xs text-slate-600">({hint})</span>
      </dt>
      <dd className="mt-0.5 text-xl font-semibold text-slate-900 tabular-nums">
        <span data-testid={testId}>{formatAmount(amount, currency)}</span>{" "}
        <span className="text-sm font-medium">{pocketLabel(currency)}</span>
      </dd>
    </div>
  );
}

/** One currency pocket. Never summed with another: unlike currencies stay apart (§1 rule 3). */
export function PocketCard({ pocket, market, state, balance }: PocketCardProps) {
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
        <PocketFigures balance={balance} />
      ) : (
        // A missing pocket is "not provisioned", never a zero balance.
        <p className="mt-3 text-sm text-slate-700" data-testid="pocket-unavailable">
          {marketStateExplanation(market, state)}
        </p>
      )}
    </article>
  );
}

function PocketFigures({ balance }: { balance: PocketDto }) {
  return (
    <>
      <dl className="mt-3 space-y-2">
        <Figure
          label="Available"
          hint="available, settled, spendable"
          amount={balance.available}
          currency={balance.currency}
          testId="available"
        />
        <Figure label="Pending" hint="in-flight pay-ins" amount={balance.pending} currency={balance.currency} testId="pending" />
      </dl>
      {/* The pocket's own last movement: an old time here means a quiet pocket, not stale figures (the page says when it fetched). */}
      <AsOf iso={balance.asOf} label="Last changed" className="mt-3" />
    </>
  );
}

/**
 * A pocket the API returns that is none of the markets' (a currency added after this console was
 * built): shown as the API gives it, after the known ones, rather than dropped
 * (docs/decisions/0002-a-balance-pocket-is-named-by-currency.md).
 */
export function OtherPocketCard({ balance }: { balance: PocketDto }) {
  const titleId = `pocket-${balance.currency}-title`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`pocket-${balance.currency}`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={titleId} className="text-base font-semibold wrap-anywhere text-slate-900">
        {balance.label || balance.currency}
      </h3>
      <p className="text-xs text-slate-600">A pocket this console does not know yet: shown as the API gives it</p>
      <PocketFigures balance={balance} />
    </article>
  );
}

/** A bar centred in a line box of the text it stands for, so the placeholder is as tall as the text. */
function Line({ box, bar }: { box: string; bar: string }) {
  return (
    <div className={`flex items-center ${box}`}>
      <Skeleton className={bar} />
    </div>
  );
}

/**
 * The card while its pocket loads (a mode switch, or the server could not prefetch): the same
 * frame, title, market and note, and bars in the line boxes of the figures and "As of", so the
 * card keeps its size when the figures arrive. Hidden from assistive tech: the grid says "Loading balances".
 */
export function PocketCardSkeleton({ pocket, market }: { pocket: Pocket; market: Market }) {
  const note = POCKET_NOTES[pocket];
  return (
    <div aria-hidden="true" className={`rounded-lg border p-4 shadow-sm ${frameClass(pocket)}`}>
      <p className="text-base font-semibold text-slate-900">{pocketLabel(pocket)}</p>
      <p className="text-xs text-slate-600">{MARKET_INFO[market].label} pocket</p>
      {note ? <p className="mt-2 text-xs text-slate-700">{note}</p> : null}
      <div className="mt-3 space-y-2">
        {[0, 1].map((figure) => (
          <div key={figure}>
            <Line box="h-5" bar="h-3.5 w-36" />
            <Line box="mt-0.5 h-7" bar="h-5 w-44" />
          </div>
        ))}
      </div>
      <Line box="mt-3 h-4" bar="h-3 w-40" />
    </div>
  );
}
