// Series for the two charts, built from the filtered rows. Sums are exact
// (BigInt minor units, minor-units.ts); only the final per-day figure becomes a
// number, because a chart's axis is the one place a float is the right type.
import { formatLocalDay } from "./date-range";
import { quarterHourOf } from "./instant-key";
import { ExactSum } from "./minor-units";
import type { PreparedRow } from "./prepared";

export type DailyVolume = {
  /** Currencies present, sorted; each gets its own chart (never one axis across currencies). */
  currencies: string[];
  /** One series per currency: points per local day, oldest first, exact sum as a string too. */
  series: Record<string, { day: string; volume: number; exact: string }[]>;
};

export function volumePerDay(rows: readonly PreparedRow[]): DailyVolume {
  // One Date per UTC quarter hour present instead of one per row (quarterHourOf says why that is exact).
  const dayOfQuarter = new Map<number, string>();
  const sums = new Map<string, Map<string, ExactSum>>();
  for (const p of rows) {
    const quarter = quarterHourOf(p.createdAtKey);
    let day = dayOfQuarter.get(quarter);
    if (day === undefined) dayOfQuarter.set(quarter, (day = formatLocalDay(new Date(p.createdAtKey))));
    let days = sums.get(p.row.currency);
    if (!days) sums.set(p.row.currency, (days = new Map<string, ExactSum>()));
    let sum = days.get(day);
    if (!sum) days.set(day, (sum = new ExactSum()));
    sum.add(p.row.amount);
  }
  const currencies = [...sums.keys()].sort();
  const series: DailyVolume["series"] = {};
  for (const currency of currencies) {
    const days = sums.get(currency) ?? new Map<string, ExactSum>();
    series[currency] = [...days.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, sum]) => {
        const exact = sum.toString();
        return { day, volume: Number(exact), exact };
      });
  }
  return { currencies, series };
}

export type RailCount = { rail: string; label: string; count: number };

export function countPerRail(rows: readonly PreparedRow[]): RailCount[] {
  const counts = new Map<string, RailCount>();
  for (const { row } of rows) {
    const entry = counts.get(row.rail);
    if (entry) entry.count += 1;
    else counts.set(row.rail, { rail: row.rail, label: row.railLabel, count: 1 });
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : 1));
}
