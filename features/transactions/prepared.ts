// Per-row values derived once when a row arrives, so a filter change at
// 100,000 rows is one tight loop of comparisons with no parsing or allocation.
import { orderKey } from "./decimal-compare";
import { instantKey } from "./instant-key";
import type { TransactionChunkResponse, TransactionRow } from "@/lib/transaction-row";

export class PreparedRow {
  /** `createdAt` as a string that sorts in time order (instant-key.ts): no Date.parse per row. */
  readonly createdAtKey: string;
  /**
   * `completedAt` and `amount` keys are made when a sort or a filter first reads them, not on
   * arrival: the default view (newest first, no amount bound) never does, and they were ~15% of a
   * row's preparation (docs/performance.md, thirtieth round).
   */
  private lazyCompletedAtKey: string | null | undefined = undefined;
  private lazyAmountKey: number | undefined = undefined;
  private lazySearchKey: string | null = null;

  constructor(readonly row: TransactionRow) {
    this.createdAtKey = instantKey(row.createdAt);
  }

  /** `completedAt` the same way; null while pending. */
  get completedAtKey(): string | null {
    if (this.lazyCompletedAtKey === undefined)
      this.lazyCompletedAtKey = this.row.completedAt === null ? null : instantKey(this.row.completedAt);
    return this.lazyCompletedAtKey;
  }

  get amountKey(): number {
    return (this.lazyAmountKey ??= orderKey(this.row.amount));
  }

  /**
   * Lowercased `id` and `platformOrderId`, joined by a separator no query can span. Built on
   * the first text search, not on arrival: it is a quarter of a row's preparation (~25 ms per
   * 100,000 rows), and most loads never search.
   */
  get searchKey(): string {
    return (this.lazySearchKey ??= `${this.row.id}\u0000${this.row.platformOrderId}`.toLowerCase());
  }
}

export function prepareRow(row: TransactionRow): PreparedRow {
  return new PreparedRow(row);
}

/** A chunk answer whose rows are prepared: the worker prepares each line of rows as the answer streams in (wire-stream.ts). */
export type PreparedChunk = Omit<TransactionChunkResponse, "items"> & { items: readonly PreparedRow[] };

export function prepareChunk(chunk: TransactionChunkResponse): PreparedChunk {
  return { ...chunk, items: chunk.items.map(prepareRow) };
}
