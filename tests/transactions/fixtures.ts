// Shared test rows (not a test file itself).
import { prepareRow, type PreparedRow } from "@/features/transactions/prepared";
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

export function prepared(rows: TransactionRow[]): PreparedRow[] {
  return rows.map(prepareRow);
}

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
