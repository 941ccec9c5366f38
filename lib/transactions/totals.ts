// Totals of the filtered rows, one line per currency (spec §1 rule 3: unlike
// currencies are never summed). Exact: each amount is added as a BigInt of
// its own minor units (the decimal string without its point), grouped by how
// many decimals it has; the groups meet once at the end in decimal.js. This
// is ~10× faster than a Decimal per row, which matters at 100,000 rows.
import Decimal from "decimal.js";
import type { PreparedRow } from "./prepared";

const Exact = Decimal.clone({ precision: 60 });

export type CurrencyTotal = {
  currency: string;
  count: number;
  payinCount: number;
  payoutCount: number;
  /** Sum of pay-in amounts, as a plain decimal string. */
  payins: string;
  payouts: string;
};

/** Sums keyed by the number of decimals of the amounts added. */
type ScaledSum = Map<number, bigint>;

function add(sum: ScaledSum, amount: string): void {
  const dot = amount.indexOf(".");
  const scale = dot === -1 ? 0 : amount.length - dot - 1;
  const units = BigInt(dot === -1 ? amount : amount.slice(0, dot) + amount.slice(dot + 1));
  sum.set(scale, (sum.get(scale) ?? 0n) + units);
}

function toDecimalString(sum: ScaledSum): string {
  let total = new Exact(0);
  for (const [scale, units] of sum) total = total.plus(new Exact(units.toString()).dividedBy(new Exact(10).pow(scale)));
  return total.toFixed();
}

type Accumulator = { count: number; payinCount: number; payoutCount: number; payins: ScaledSum; payouts: ScaledSum };

export function totalsByCurrency(rows: readonly PreparedRow[]): CurrencyTotal[] {
  const byCurrency = new Map<string, Accumulator>();
  for (const { row } of rows) {
    let acc = byCurrency.get(row.currency);
    if (!acc) {
      acc = { count: 0, payinCount: 0, payoutCount: 0, payins: new Map(), payouts: new Map() };
      byCurrency.set(row.currency, acc);
    }
    acc.count += 1;
    if (row.type === "payin") {
      acc.payinCount += 1;
      add(acc.payins, row.amount);
    } else {
      acc.payoutCount += 1;
      add(acc.payouts, row.amount);
    }
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, acc]) => ({
      currency,
      count: acc.count,
      payinCount: acc.payinCount,
      payoutCount: acc.payoutCount,
      payins: toDecimalString(acc.payins),
      payouts: toDecimalString(acc.payouts),
    }));
}
