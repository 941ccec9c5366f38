// The transaction filters, applied in the app because the API filters only by
// type (spec §4.1, §4.8). Compiled once per filter change into checks that read the
// column store's typed arrays (columns.ts), then one loop over the slots.
import type { Rail } from "@/lib/rails";
import type { ColumnStore, RowList } from "./columns";
import { compareDecimals, orderKey } from "./decimal-compare";
import { TX_STATUSES, TX_TYPES, type TxStatus, type TxType } from "@/lib/transaction-row";

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

type Check = (slot: number) => boolean;

/** One flag per code of the column: a membership test is one array read. */
function membership(chosen: readonly string[], values: readonly string[], codes: Uint8Array | Uint16Array): Check | null {
  if (chosen.length === 0) return null;
  const set = new Set(chosen);
  const keep = Uint8Array.from(values, (value) => (set.has(value) ? 1 : 0));
  return (slot) => keep[codes[slot]!] === 1;
}

function amountBound(store: ColumnStore, bound: string | null, keep: (cmp: number) => boolean): Check | null {
  if (bound === null) return null;
  const key = orderKey(bound);
  const keys = store.amountOrderKeys();
  const amounts = store.amount;
  return (slot) => keep(compareDecimals(keys[slot]!, amounts[slot]!, key, bound));
}

/** One predicate for the whole filter set; checks that are "any" are left out entirely, and null when every one is. */
function compileFilters(store: ColumnStore, filters: TransactionFilters): Check | null {
  const needle = filters.text.trim().toLowerCase();
  const { fromMs, toMs } = filters;
  const created = store.createdAt;
  const checks = [
    membership(filters.rails, store.values.rail, store.rail),
    membership(filters.types, TX_TYPES, store.type),
    membership(filters.statuses, TX_STATUSES, store.status),
    membership(filters.currencies, store.values.currency, store.currency),
    fromMs === null ? null : (slot: number) => created[slot]! >= fromMs,
    toMs === null ? null : (slot: number) => created[slot]! < toMs,
    amountBound(store, filters.amountMin, (cmp) => cmp >= 0),
    amountBound(store, filters.amountMax, (cmp) => cmp <= 0),
    needle === ""
      ? null
      : (slot: number) => store.id[slot]!.toLowerCase().includes(needle) || store.platformOrderId[slot]!.toLowerCase().includes(needle),
  ].filter((check): check is Check => check !== null);

  if (checks.length === 0) return null;
  if (checks.length === 1) return checks[0]!;
  return (slot) => {
    for (const check of checks) if (!check(slot)) return false;
    return true;
  };
}

/** Keeps the input order, so a list sorted once stays sorted through every filter change. */
export function filterRows(list: RowList, filters: TransactionFilters): RowList {
  const keep = compileFilters(list.store, filters);
  // No filter (the page's default): a copy, not a test per row.
  if (keep === null) return { store: list.store, slots: list.slots.slice() };
  const { slots } = list;
  const out = new Uint32Array(slots.length);
  let kept = 0;
  for (let i = 0; i < slots.length; i++) if (keep(slots[i]!)) out[kept++] = slots[i]!;
  return { store: list.store, slots: out.slice(0, kept) };
}
