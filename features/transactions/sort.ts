// Sorting of the loaded rows. Done only when the rows or the sort change; the
// filter pass keeps the order, so typing in a filter never re-sorts.
import { compareDecimals } from "./decimal-compare";
import type { PreparedRow } from "./prepared";

export const SORT_COLUMNS = ["createdAt", "amount", "currency", "rail", "type", "status", "id", "completedAt"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
type SortDirection = "asc" | "desc";
export type TransactionSort = { column: SortColumn; direction: SortDirection };

export const DEFAULT_SORT: TransactionSort = { column: "createdAt", direction: "desc" };

type Compare = (a: PreparedRow, b: PreparedRow) => number;

function byText(pick: (p: PreparedRow) => string | null): Compare {
  return (a, b) => {
    const x = pick(a) ?? "";
    const y = pick(b) ?? "";
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

const byCurrency = byText((p) => p.row.currency);

const COMPARE: Record<SortColumn, Compare> = {
  createdAt: byText((p) => p.createdAtKey),
  // Within each currency: 100 USD and 100 INR are not the same amount, so currencies never mix.
  amount: (a, b) => byCurrency(a, b) || compareDecimals(a.amountKey, a.row.amount, b.amountKey, b.row.amount),
  currency: byCurrency,
  rail: byText((p) => p.row.railLabel),
  type: byText((p) => p.row.type),
  status: byText((p) => p.row.status),
  id: byText((p) => p.row.id),
  // Instant keys (instant-key.ts); pending (null) sorts first ascending.
  completedAt: byText((p) => p.completedAtKey),
};

/** The full order for `sort`: ties fall back to newest first, then id, so the order is stable across loads. */
export function rowOrder(sort: TransactionSort): Compare {
  const primary = COMPARE[sort.column];
  const sign = sort.direction === "asc" ? 1 : -1;
  return (a, b) => sign * primary(a, b) || COMPARE.createdAt(b, a) || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0);
}

/** A new array. */
export function sortRows(rows: readonly PreparedRow[], sort: TransactionSort): PreparedRow[] {
  return [...rows].sort(rowOrder(sort));
}

/**
 * `sorted` and `added`, both already in `order`, as one array in that order (`sorted` itself
 * when `added` is empty). Each added row finds its place by binary search, and rows that
 * all go after the last one held cost one comparison and a copy.
 */
export function mergeSorted(sorted: readonly PreparedRow[], added: readonly PreparedRow[], order: Compare): readonly PreparedRow[] {
  if (added.length === 0) return sorted;
  const last = sorted.at(-1);
  // The usual case while a newest-first list loads: every added row sorts after every row held.
  if (last === undefined || order(last, added[0]!) <= 0) return sorted.concat(added);
  const out: PreparedRow[] = [];
  let next = 0;
  for (const row of added) {
    let low = next;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (order(sorted[mid]!, row) <= 0) low = mid + 1;
      else high = mid;
    }
    while (next < low) out.push(sorted[next++]!);
    out.push(row);
  }
  while (next < sorted.length) out.push(sorted[next++]!);
  return out;
}
