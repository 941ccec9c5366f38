// The transaction row as the BFF hands it to the browser: exactly the §2.3
// fields, amounts as the API's decimal strings. Browser-safe.
import type { Rail } from "@/lib/rails";

export const TX_TYPES = ["payin", "payout"] as const;
export type TxType = (typeof TX_TYPES)[number];

export const TX_STATUSES = ["pending", "success", "failed"] as const;
export type TxStatus = (typeof TX_STATUSES)[number];

export type TransactionRow = {
  id: string;
  type: TxType;
  status: TxStatus;
  amount: string;
  currency: string;
  rail: Rail;
  railLabel: string;
  paidAmount: string | null;
  platformOrderId: string;
  createdAt: string;
  completedAt: string | null;
};

/** One answer of `GET /api/transactions?since=`: the rows changed after `since`, and where the shared sync stands. */
export type TransactionChunk = {
  items: TransactionRow[];
  /** Which copy of the list the versions belong to; when it changes, the browser starts over from version 0. */
  epoch: string;
  /** Pass back as `since` to get only what changed after this chunk. */
  version: number;
  /** More changed rows are ready right now (the chunk hit its size limit). */
  more: boolean;
  loaded: number;
  /**
   * Rows upstream listed that could not be read (a malformed amount, a missing status): not in
   * the list, its totals or its export. Counted in `total`, never in `loaded`.
   */
  unreadable: number;
  /** Upstream's `total` as last seen; null before the first page arrives. */
  total: number | null;
  /** Every upstream page has been read at least once. */
  complete: boolean;
  /** A sync (initial load or refresh) is running upstream. */
  syncing: boolean;
  /** Last sync failure, shown as a partial-load state; the rows already held stay valid. */
  error: string | null;
  /** ISO time the last completed sync finished. */
  syncedAt: string | null;
};

export const TRANSACTION_FIELDS = [
  "id",
  "type",
  "status",
  "amount",
  "currency",
  "rail",
  "railLabel",
  "paidAmount",
  "platformOrderId",
  "createdAt",
  "completedAt",
] as const satisfies readonly (keyof TransactionRow)[];

/** What the BFF answers: the chunk, tagged with the environment it belongs to (a mode switch starts a new list). */
export type TransactionChunkResponse = TransactionChunk & { environment: "test" | "live" };
