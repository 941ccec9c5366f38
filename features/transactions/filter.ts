// The transaction filters, applied in the app because the API filters only by
// type (spec §4.1, §4.8). Compiled once per filter change into one predicate.
import type { Rail } from "@/lib/rails";
import { compareDecimals, orderKey } from "./decimal-compare";
import { instantKeyOfMs } from "./instant-key";
import type { PreparedRow } from "./prepared";
import type { TxStatus, TxType } from "@/lib/transaction-row";

export type TransactionFilters = {
  /** Empty means "any" for every list filter. */
  rails: readonly Rail[];
  types: readonly TxType[];
  statuses: readonly TxStatus[];
  currencies: readonly string[];
  /** createdAt window in epoch ms: `from` inclusive, `to` exclusive; null is open. */
  fromMs: number | null;
  toMs: number | null;
  /** Inclusive decimal bounds, as typed (already validated as decimal strings). */
  amountMin: string | null;
  amountMax: string | null;
  /** Case-insensitive substring of `id` or `platformOrderId`. */
  text: string;
};

type Check = (p: PreparedRow) => boolean;

function membership<T>(values: readonly T[], pick: (p: PreparedRow) => T): Check | null {
  if (values.length === 0) return null;
  const set = new Set(values);
  return (p) => set.has(pick(p));
}

const atOrAfter =
  (key: string): Check =>
  (p) =>
    p.createdAtKey >= key;
const before =
  (key: string): Check =>
  (p) =>
    p.createdAtKey < key;

function amountBound(bound: string | null, keep: (cmp: number) => boolean): Check | null {
  if (bound === null) return null;
  const key = orderKey(bound);
  return (p) => keep(compareDecimals(p.amountKey, p.row.amount, key, bound));
}

/** One predicate for the whole filter set; checks that are "any" are left out entirely, and null when every one is. */
function compileFilters(filters: TransactionFilters): Check | null {
  const needle = filters.text.trim().toLowerCase();
  const { fromMs, toMs } = filters;
  const checks = [
    membership(filters.rails, (p) => p.row.rail),
    membership(filters.types, (p) => p.row.type),
    membership(filters.statuses, (p) => p.row.status),
    membership(filters.currencies, (p) => p.row.currency),
    fromMs === null ? null : atOrAfter(instantKeyOfMs(fromMs)),
    toMs === null ? null : before(instantKeyOfMs(toMs)),
    amountBound(filters.amountMin, (cmp) => cmp >= 0),
    amountBound(filters.amountMax, (cmp) => cmp <= 0),
    needle === "" ? null : (p: PreparedRow) => p.searchKey.includes(needle),
  ].filter((check): check is Check => check !== null);

  if (checks.length === 0) return null;
  return (p) => {
    for (const check of checks) if (!check(p)) return false;
    return true;
  };
}

/** Keeps the input order, so a list sorted once stays sorted through every filter change. */
export function filterRows(rows: readonly PreparedRow[], filters: TransactionFilters): PreparedRow[] {
  const keep = compileFilters(filters);
  // No filter (the page's default): a copy, not a test and a push per row (~5–25 ms at 100,000).
  if (keep === null) return rows.slice();
  const out: PreparedRow[] = [];
  for (const p of rows) if (keep(p)) out.push(p);
  return out;
}
