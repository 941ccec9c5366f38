// Series for the two charts, built from the filtered rows. Sums are exact
// (BigInt minor units, minor-units.ts); only the final per-day figure becomes a
// number, because a chart's axis is the one place a float is the right type.
import { formatLocalDay } from "./date-range";
import { ExactSum } from "./minor-units";
import type { RowList } from "./columns";

/** Every timezone offset and DST jump is a whole number of quarter hours: instants in one UTC quarter hour share a local day. */
const QUARTER_HOUR_MS = 15 * 60 * 1000;

export type DailyVolume = {
  /** Currencies present, sorted; each gets its own chart (never one axis across currencies). */
  currencies: string[];
  /** One series per currency: points per local day, oldest first, exact sum as a string too. */
  series: Record<string, { day: string; volume: number; exact: string }[]>;
};

export function volumePerDay({ store, slots }: RowList): DailyVolume {
  // One Date per UTC quarter hour present instead of one per row (QUARTER_HOUR_MS says why that is exact).
  const dayOfQuarter = new Map<number, string>();
  const sums = new Map<string, Map<string, ExactSum>>();
  for (const slot of slots) {
    const ms = store.createdAt[slot]!;
    const quarter = Math.floor(ms / QUARTER_HOUR_MS);
    let day = dayOfQuarter.get(quarter);
    if (day === undefined) dayOfQuarter.set(quarter, (day = formatLocalDay(new Date(ms))));
    const currency = store.values.currency[store.currency[slot]!]!;
    let days = sums.get(currency);
    if (!days) sums.set(currency, (days = new Map<string, ExactSum>()));
    let sum = days.get(day);
    if (!sum) days.set(day, (sum = new ExactSum()));
    sum.add(store.amount[slot]!);
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

export function countPerRail({ store, slots }: RowList): RailCount[] {
  const counts = new Map<string, RailCount>();
  for (const slot of slots) {
    const rail = store.values.rail[store.rail[slot]!]!;
    const entry = counts.get(rail);
    if (entry) entry.count += 1;
    else counts.set(rail, { rail, label: store.values.railLabel[store.railLabel[slot]!]!, count: 1 });
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : 1));
}
