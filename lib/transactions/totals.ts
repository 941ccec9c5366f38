// Totals of the filtered rows, one line per currency (spec §1 rule 3: unlike
// currencies are never summed). decimal.js keeps every sum exact.
import Decimal from "decimal.js";
import type { PreparedRow } from "./prepared";

// 40 significant digits: 100,000 rows of 5,000,000.000000 stay exact with room to spare.
const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });

export type CurrencyTotal = {
  currency: string;
  count: number;
  payinCount: number;
  payoutCount: number;
  /** Sum of pay-in amounts, as a plain decimal string. */
  payins: string;
  payouts: string;
};

type Accumulator = { count: number; payinCount: number; payoutCount: number; payins: Decimal; payouts: Decimal };

export function totalsByCurrency(rows: readonly PreparedRow[]): CurrencyTotal[] {
  const byCurrency = new Map<string, Accumulator>();
  for (const { row } of rows) {
    let acc = byCurrency.get(row.currency);
    if (!acc) {
      acc = { count: 0, payinCount: 0, payoutCount: 0, payins: new Exact(0), payouts: new Exact(0) };
      byCurrency.set(row.currency, acc);
    }
    acc.count += 1;
    if (row.type === "payin") {
      acc.payinCount += 1;
      acc.payins = acc.payins.plus(row.amount);
    } else {
      acc.payoutCount += 1;
      acc.payouts = acc.payouts.plus(row.amount);
    }
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, acc]) => ({
      currency,
      count: acc.count,
      payinCount: acc.payinCount,
      payoutCount: acc.payoutCount,
      payins: acc.payins.toFixed(),
      payouts: acc.payouts.toFixed(),
    }));
}
