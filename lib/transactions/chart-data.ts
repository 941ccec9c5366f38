// Series for the two charts, built from the filtered rows. Sums are exact
// (decimal.js); only the final per-day figure becomes a number, because a
// chart's axis is the one place a float is the right type.
import Decimal from "decimal.js";
import { formatLocalDay } from "./date-range";
import type { PreparedRow } from "./prepared";

const Exact = Decimal.clone({ precision: 40 });

export type DailyVolume = {
  /** Currencies present, sorted; each gets its own chart (never one axis across currencies). */
  currencies: string[];
  /** One series per currency: points per local day, oldest first, exact sum as a string too. */
  series: Record<string, { day: string; volume: number; exact: string }[]>;
};

export function volumePerDay(rows: readonly PreparedRow[]): DailyVolume {
  const sums = new Map<string, Map<string, Decimal>>();
  for (const p of rows) {
    const day = formatLocalDay(new Date(p.createdAtMs));
    let days = sums.get(p.row.currency);
    if (!days) sums.set(p.row.currency, (days = new Map()));
    days.set(day, (days.get(day) ?? new Exact(0)).plus(p.row.amount));
  }
  const currencies = [...sums.keys()].sort();
  const series: DailyVolume["series"] = {};
  for (const currency of currencies) {
    const days = sums.get(currency) ?? new Map<string, Decimal>();
    series[currency] = [...days.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, sum]) => ({ day, volume: sum.toNumber(), exact: sum.toFixed() }));
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
