// Sorting of the loaded rows. Done only when the rows or the sort change; the
// filter pass keeps the order, so typing in a filter never re-sorts.
import { compareDecimals } from "./decimal-compare";
import type { PreparedRow } from "./prepared";

export const SORT_COLUMNS = ["createdAt", "amount", "currency", "rail", "type", "status", "id", "completedAt"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = "asc" | "desc";
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

const COMPARE: Record<SortColumn, Compare> = {
  createdAt: byText((p) => p.createdAtKey),
  amount: (a, b) => compareDecimals(a.amountKey, a.row.amount, b.amountKey, b.row.amount),
  currency: byText((p) => p.row.currency),
  rail: byText((p) => p.row.railLabel),
  type: byText((p) => p.row.type),
  status: byText((p) => p.row.status),
  id: byText((p) => p.row.id),
  // Instant keys (instant-key.ts); pending (null) sorts first ascending.
  completedAt: byText((p) => p.completedAtKey),
};

/** A new array; ties fall back to newest first, then id, so the order is stable across loads. */
export function sortRows(rows: readonly PreparedRow[], sort: TransactionSort): PreparedRow[] {
  const primary = COMPARE[sort.column];
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort(
    (a, b) => sign * primary(a, b) || COMPARE.createdAt(b, a) || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0),
  );
}
