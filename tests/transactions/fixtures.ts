// Shared test rows (not a test file itself).
import { ColumnStore, type RowList } from "@/features/transactions/columns";
import { encodeBlock } from "@/features/transactions/wire";
import type { TransactionFilters } from "@/features/transactions/filter";
import type { TransactionRow } from "@/lib/transaction-row";

let seq = 0;
export function tx(overrides: Partial<TransactionRow> = {}): TransactionRow {
  seq++;
  return {
    id: `tx_${String(seq).padStart(26, "0")}`,
    type: "payin",
    status: "success",
    amount: "100.00",
    currency: "BDT",
    rail: "bangladesh",
    railLabel: "Bangladesh",
    paidAmount: null,
    platformOrderId: `PO-${seq}`,
    createdAt: "2025-03-10T12:00:00.000Z",
    completedAt: null,
    ...overrides,
  };
}

/** `rows` in a column store of their own (or added to `to`'s store), as the list of their slots. */
export function prepared(rows: TransactionRow[], to?: RowList): RowList {
  const store = to?.store ?? new ColumnStore();
  const from = store.size;
  store.ingest(encodeBlock(rows));
  return { store, slots: store.slotsUpTo(store.size).slice(from) };
}

/** `a` then `b`, both of one store. */
export function joined(a: RowList, b: RowList): RowList {
  const slots = new Uint32Array(a.slots.length + b.slots.length);
  slots.set(a.slots);
  slots.set(b.slots, a.slots.length);
  return { store: a.store, slots };
}

export const rowsIn = (list: RowList): TransactionRow[] => Array.from(list.slots, (slot) => list.store.row(slot));
export const idsIn = (list: RowList): string[] => Array.from(list.slots, (slot) => list.store.id[slot]!);

/** A chunk answer's state without its rows: a finished three-row list. */
export const chunkState = {
  epoch: "e1",
  version: 3,
  more: false,
  loaded: 3,
  unreadable: 0,
  total: 3,
  complete: true,
  syncing: false,
  error: null,
  syncedAt: null,
} as const;

/** Filters that keep every row. */
export const NO_FILTERS: TransactionFilters = {
  rails: [],
  types: [],
  statuses: [],
  currencies: [],
  fromMs: null,
  toMs: null,
  amountMin: null,
  amountMax: null,
  text: "",
};
