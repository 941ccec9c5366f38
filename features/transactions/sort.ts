// Sorting of the loaded rows, as slot numbers over the column store (columns.ts). Done only when
// the rows or the sort change; the filter pass keeps the order, so typing in a filter never re-sorts.
import type { ColumnStore, RowList } from "./columns";
import { compareDecimals } from "./decimal-compare";

export const SORT_COLUMNS = ["createdAt", "amount", "currency", "rail", "type", "status", "id", "completedAt"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
type SortDirection = "asc" | "desc";
export type TransactionSort = { column: SortColumn; direction: SortDirection };

export const DEFAULT_SORT: TransactionSort = { column: "createdAt", direction: "desc" };

/** Compares two slots. */
export type SlotOrder = (a: number, b: number) => number;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each code's place among its values sorted as text: a coded column then sorts by numbers. */
function ranks(values: readonly string[]): Uint16Array {
  const order = values.map((_, code) => code).sort((a, b) => byText(values[a]!, values[b]!));
  const rank = new Uint16Array(values.length);
  order.forEach((code, at) => (rank[code] = at));
  return rank;
}

function byCode(codes: Uint8Array | Uint16Array, rank: ArrayLike<number>): SlotOrder {
  return (a, b) => rank[codes[a]!]! - rank[codes[b]!]!;
}

/** Instants in ms; none (NaN: pending, or no instant) sorts first ascending. */
function byInstant(ms: Float64Array): SlotOrder {
  return (a, b) => {
    const x = ms[a]!;
    const y = ms[b]!;
    if (x === y) return 0;
    if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
    if (Number.isNaN(y)) return 1;
    return x < y ? -1 : 1;
  };
}

function primary(store: ColumnStore, column: SortColumn): SlotOrder {
  switch (column) {
    case "createdAt":
      return byInstant(store.createdAt);
    case "completedAt":
      return byInstant(store.completedAt);
    case "currency":
      return byCode(store.currency, ranks(store.values.currency));
    case "rail":
      return byCode(store.railLabel, ranks(store.values.railLabel));
    // TX_TYPES and TX_STATUSES are not in text order: ranked like the learned columns.
    case "type":
      return byCode(store.type, ranks(["payin", "payout"]));
    case "status":
      return byCode(store.status, ranks(["pending", "success", "failed"]));
    case "id":
      return (a, b) => byText(store.id[a]!, store.id[b]!);
    case "amount": {
      // Within each currency: 100 USD and 100 INR are not the same amount, so currencies never mix.
      const currency = byCode(store.currency, ranks(store.values.currency));
      const keys = store.amountOrderKeys();
      const amounts = store.amount;
      return (a, b) => currency(a, b) || compareDecimals(keys[a]!, amounts[a]!, keys[b]!, amounts[b]!);
    }
  }
}

/** The full order for `sort`: ties fall back to newest first, then id, so the order is stable across loads. */
export function rowOrder(store: ColumnStore, sort: TransactionSort): SlotOrder {
  const first = primary(store, sort.column);
  const created = byInstant(store.createdAt);
  const ids = store.id;
  const sign = sort.direction === "asc" ? 1 : -1;
  return (a, b) => sign * first(a, b) || created(b, a) || byText(ids[a]!, ids[b]!);
}

/** A new list. */
export function sortRows(list: RowList, sort: TransactionSort): RowList {
  return { store: list.store, slots: list.slots.slice().sort(rowOrder(list.store, sort)) };
}

/**
 * `sorted` and `added`, both already in `order`, as one list in that order (`sorted` itself
 * when `added` is empty). Each added slot finds its place by binary search, and slots that
 * all go after the last one held cost one comparison and a copy.
 */
export function mergeSorted(sorted: RowList, added: Uint32Array, order: SlotOrder): RowList {
  if (added.length === 0) return sorted;
  const held = sorted.slots;
  const out = new Uint32Array(held.length + added.length);
  // The usual case while a newest-first list loads: every added row sorts after every row held.
  if (held.length === 0 || order(held[held.length - 1]!, added[0]!) <= 0) {
    out.set(held);
    out.set(added, held.length);
    return { store: sorted.store, slots: out };
  }
  let next = 0;
  let at = 0;
  for (const slot of added) {
    let low = next;
    let high = held.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (order(held[mid]!, slot) <= 0) low = mid + 1;
      else high = mid;
    }
    out.set(held.subarray(next, low), at);
    at += low - next;
    next = low;
    out[at++] = slot;
  }
  out.set(held.subarray(next), at);
  return { store: sorted.store, slots: out };
}
