// Per-row values derived once when a row arrives, so a filter change at
// 100,000 rows is one tight loop of comparisons with no parsing or allocation.
import { orderKey } from "./decimal-compare";
import { instantKey } from "./instant-key";
import type { TransactionRow } from "./types";

export type PreparedRow = {
  readonly row: TransactionRow;
  /** Lowercased `id` and `platformOrderId`, joined by a separator no query can span. */
  readonly searchKey: string;
  /** `createdAt` as a string that sorts in time order (instant-key.ts): no Date.parse per row. */
  readonly createdAtKey: string;
  /** `completedAt` the same way; null while pending. */
  readonly completedAtKey: string | null;
  readonly amountKey: number;
};

export function prepareRow(row: TransactionRow): PreparedRow {
  return {
    row,
    searchKey: `${row.id}\u0000${row.platformOrderId}`.toLowerCase(),
    createdAtKey: instantKey(row.createdAt),
    completedAtKey: row.completedAt === null ? null : instantKey(row.completedAt),
    amountKey: orderKey(row.amount),
  };
}
