import "server-only";
import { createHash } from "node:crypto";
import type { UnreadableTransaction } from "@/lib/payments";
import { logger } from "@/lib/server/logger";

/** What the log may say a row is: an id of the API's shape, else a short digest of its key (a 200-character "id" could be anyone's data). */
const ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
const logName = (row: UnreadableTransaction) =>
  row.id !== null && ID_SHAPE.test(row.id) ? row.id : `(no usable id) ${createHash("sha256").update(row.key).digest("hex").slice(0, 16)}`;

/**
 * The rows of one copy of the list that upstream listed and the client could not read
 * (lib/payments/schemas/transactions.ts): left out of the list, counted for every viewer,
 * logged once each. A row read later, in a page or on its own, leaves as it joins the list.
 */
/** A row's own GET that failed is asked again after this, doubling per failure, at most RETRY_MAX_MS. */
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
/**
 * Id-less rows kept at most. Such a row is named by a digest of its JSON, so one whose JSON changes
 * between reads (a field upstream updates) comes back under a new name each refresh, every 5 s: the
 * oldest names go first. Rows with an id need no bound: there are only as many as upstream lists.
 */
const MAX_IDLESS = 1_000;

export class UnreadableRows {
  private readonly rows = new Map<string, UnreadableTransaction>();
  private readonly logged = new Set<string>();
  /** Per key: when its own GET may be tried again, and how many have failed. */
  private readonly retries = new Map<string, { at: number; failed: number }>();
  /** The keys of the id-less rows kept, oldest first. */
  private readonly idless = new Set<string>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Rows read whole (a page's, or one fetched on its own): no longer counted. */
  read(rows: readonly { id: string }[]): void {
    if (this.rows.size === 0) return;
    for (const { id } of rows) {
      this.rows.delete(id);
      this.retries.delete(id);
    }
  }

  /**
   * A page's unreadable rows; answers how many were not known before. A row the list holds
   * already keeps its last readable version there (counted there, not here too).
   */
  seen(page: readonly UnreadableTransaction[], held: (id: string) => boolean): number {
    let fresh = 0;
    for (const row of page) {
      const isHeld = row.id !== null && held(row.id);
      if (isHeld) {
        this.rows.delete(row.key);
        this.retries.delete(row.key);
      } else if (!this.rows.has(row.key)) {
        this.rows.set(row.key, row);
        if (row.id === null) this.keepIdless(row.key);
        fresh += 1;
      }
      if (this.logged.has(row.key)) continue;
      this.logged.add(row.key);
      // Once per row and copy of the list: which row and which fields, never their values.
      logger.warn("transaction row unreadable", { id: logName(row), fields: row.fields.join(","), held: isHeld });
    }
    return fresh;
  }

  private keepIdless(key: string): void {
    this.idless.add(key);
    for (const oldest of this.idless) {
      if (this.idless.size <= MAX_IDLESS) break;
      this.idless.delete(oldest);
      this.rows.delete(oldest);
      this.logged.delete(oldest);
    }
  }

  /**
   * How many to tell viewers: never more than upstream's total leaves beside the rows held. A row
   * without an id is named by a digest of its JSON, which changes when the row does, so one row
   * can be known under two names.
   */
  count(total: number | null, held: number): number {
    return total === null ? this.rows.size : Math.min(this.rows.size, Math.max(0, total - held));
  }

  /**
   * Up to `limit` of the rows with an id whose time has come, to be read again on their own (a
   * row fixed upstream deep in the list is otherwise never read again by a refresh, which reads
   * the head). Each goes to the back of the queue, so a refresh takes the next ones.
   */
  takeForRetry(limit: number): UnreadableTransaction[] {
    const now = this.now();
    const taken: UnreadableTransaction[] = [];
    for (const row of this.rows.values()) {
      if (taken.length === limit) break;
      if (row.id !== null && (this.retries.get(row.key)?.at ?? 0) <= now) taken.push(row);
    }
    for (const row of taken) {
      this.rows.delete(row.key);
      this.rows.set(row.key, row);
    }
    return taken;
  }

  /** Its own GET failed too: not asked again for a while, longer each time. Answers whether it is the row's first failure (to log once). */
  retryFailed(row: UnreadableTransaction): boolean {
    const failed = (this.retries.get(row.key)?.failed ?? 0) + 1;
    this.retries.set(row.key, { at: this.now() + Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failed - 1)), failed });
    return failed === 1;
  }
}
