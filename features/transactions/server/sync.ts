import "server-only";
import { randomUUID } from "node:crypto";
import { PaymentsApiError, rowsOnPage } from "@/lib/payments";
import type { TransactionChunk, TransactionRow } from "@/lib/transaction-row";
import { ChangeWaiters } from "./change-waiters";
import { gaps, type Interval, originalInterval, pagesFor } from "./coverage";
import { runPool } from "@/lib/server/run-pool";
import { RateGate } from "./rate-gate";
import { publicMessageOf } from "@/lib/server/api-error";
import { errorKind, failureFields, logger } from "@/lib/server/logger";
import { EncodedBlocks, type EncodedRuns } from "./encoded-blocks";
import { RowStore } from "./row-store";
import { WIRE_BLOCK_ROWS } from "@/features/transactions/wire";
import { UnreadableRows } from "./unreadable-rows";
import type { TransactionPage, TransactionSource } from "./source";

/** Where the shared sync stands, sent with every chunk. */
export type ChunkState = Omit<TransactionChunk, "items">;

export type SyncOptions = {
  pageSize?: number;
  /**
   * Pages read or merged at once, for the whole environment (not per viewer). The source may
   * keep fewer requests than this on the wire (registry.ts does).
   */
  concurrency?: number;
  /** A refresh asked for sooner than this after the last one is answered from memory. */
  minRefreshIntervalMs?: number;
  gate?: RateGate;
  now?: () => number;
  /**
   * Told of the statuses seen (features/transactions/server/status-seen.ts): as "news", a changed
   * row, a new pending row, a new row after the list's first read or read on its own; apart, the
   * rows the first read finds settled, news only for a payment seen pending before (decision 0148).
   */
  onStatusSeen?: (rows: readonly TransactionRow[], kind: "news" | "settled-on-first-read") => void;
};

const MAX_REPAIR_ROUNDS = 4;
/**
 * A row's own GET answered 2xx with a body the client cannot read, or 404, or its id could not be
 * asked for (the client refuses an id such as ".." before signing; the API refuses others with a
 * 400): about the row, not the API.
 */
const rowUnreadableOnItsOwn = (error: unknown): error is PaymentsApiError =>
  error instanceof PaymentsApiError &&
  (error.code === "not_found" || error.code === "validation" || (error.status >= 200 && error.status < 300));
/** Unreadable rows read again on their own per refresh (a refresh runs at most every 5 s). */
const UNREADABLE_RETRIES_PER_REFRESH = 10;

/**
 * A name for a new copy of the list, unique across instances: a tab moved to another instance must
 * see a new name or it skips rows (time plus a counter collided). Tabs only compare epochs for
 * equality (features/transactions/feed.ts), so a random name loses nothing (docs/decisions/0126).
 */
const newEpoch = (): string => randomUUID();

/**
 * The shared copy of one environment's transaction list. However many staff
 * have the page open, there is one upstream pull (single flight) and their
 * browsers read from memory. Loads every page with bounded concurrency, then
 * refreshes incrementally: the head until a page brings nothing new, plus the
 * pages (or single GETs) of rows still pending.
 */
export class TransactionSync {
  private store = new RowStore();
  /** The store's wire blocks as bytes, for the next viewer (encoded-blocks.ts). */
  private blocks = new EncodedBlocks();
  /**
   * Names this copy of the list. It changes when the process restarts or the
   * copy is rebuilt, so a browser holding versions of an older copy starts over
   * instead of asking for versions that mean something else now.
   */
  private epoch = newEpoch();
  private total: number | null = null;
  /** Rows upstream listed that the client could not read: left out of the list, said to every viewer. */
  private unreadable: UnreadableRows;
  /** Held pending rows whose own GET could not be read, each logged once. */
  private readonly pendingUnreadable = new Set<string>();
  private complete = false;
  private error: string | null = null;
  private syncedAt: number | null = null;
  private running: Promise<void> | null = null;
  private firstPage: Promise<void> | null = null;
  /** The page loadFirstPage read, until the full load it precedes takes it as its own first page. */
  private headPage: TransactionPage | null = null;
  private readonly waiters = new ChangeWaiters();
  private readonly pageSize: number;
  private readonly concurrency: number;
  private readonly minRefreshIntervalMs: number;
  private readonly gate: RateGate;
  private readonly now: () => number;
  private readonly onStatusSeen: SyncOptions["onStatusSeen"];

  constructor(
    private readonly source: TransactionSource,
    options: SyncOptions = {},
  ) {
    this.pageSize = options.pageSize ?? 100;
    this.concurrency = options.concurrency ?? 4;
    this.minRefreshIntervalMs = options.minRefreshIntervalMs ?? 5_000;
    this.gate = options.gate ?? new RateGate();
    this.now = options.now ?? Date.now;
    this.onStatusSeen = options.onStatusSeen;
    this.unreadable = new UnreadableRows(this.now);
  }

  get rows(): RowStore {
    return this.store;
  }

  /** Starts the full load unless one finished or is running. A failed load starts over; rows kept are merged, never doubled. */
  ensureLoaded(): void {
    if (!this.complete && !this.running) this.start(() => this.fullLoad());
  }

  /**
   * Incremental refresh, single flight, unless the last sync finished less
   * than `maxAgeMs` ago (default `minRefreshIntervalMs`): ten staff pressing
   * Refresh together cause one upstream refresh.
   */
  refresh(maxAgeMs = this.minRefreshIntervalMs): void {
    if (this.running) return;
    if (!this.complete) return this.ensureLoaded();
    if (this.syncedAt !== null && this.now() - this.syncedAt < maxAgeMs) return;
    this.start(() => this.incrementalRefresh());
  }

  /**
   * Reads the newest page on its own, merged like any page, without starting the full
   * load: a page render on a cold list shows these rows, and the full load that follows
   * starts from this page instead of reading it again. Single flight; a failure leaves the
   * list as it was (the load reports it).
   */
  async loadFirstPage(): Promise<void> {
    if (this.rows.size > 0 || this.running) return;
    this.firstPage ??= this.fetchPage(0).then(
      ({ page }) => void (this.headPage = page),
      () => undefined,
    );
    await this.firstPage;
    this.firstPage = null;
  }

  /** Resolves when no sync is running (tests, scripts). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** A row fetched on its own (detail, lookup) is newer than the list's copy. */
  upsert(row: TransactionRow): void {
    this.unreadable.read([row]);
    if (this.merge([row], true).changed > 0) this.notify();
  }

  chunk(since: number, limit: number): TransactionChunk {
    const { items, version, more } = this.rows.changesSince(since, limit);
    return { items, ...this.state(version, more) };
  }

  /**
   * The newest rows, for a page's first render. Version 0, so a reader going on from it
   * still receives every row; the few it holds already are replaced, never doubled.
   */
  newestChunk(limit: number): TransactionChunk {
    return { items: this.rows.newest(limit), ...this.state(0, this.rows.size > 0) };
  }

  /** `chunk` with its state apart, for the wire format (wire-body.ts). */
  wireChunk(since: number, limit: number): { rows: EncodedRuns; state: ChunkState } {
    const { runs, version, more } = this.rows.changeRuns(since, limit, WIRE_BLOCK_ROWS);
    const blocks = this.blocks;
    return { rows: { runs, line: (run) => blocks.line(run) }, state: this.state(version, more) };
  }

  private state(version: number, more: boolean): ChunkState {
    return {
      epoch: this.epoch,
      version,
      more,
      loaded: this.rows.size,
      unreadable: this.unreadable.count(this.total, this.rows.size),
      total: this.total,
      complete: this.complete,
      syncing: this.running !== null,
      error: this.error,
      syncedAt: this.syncedAt === null ? null : new Date(this.syncedAt).toISOString(),
    };
  }

  /**
   * Long-poll support: resolves when rows changed after `since`, the sync stopped, time
   * ran out, or the caller left. With `batch`, a change that is not yet `batch.rows`
   * rows waits up to `batch.settleMs` more for others while the sync runs, so a full
   * load reaches a tab in a few large answers instead of one answer per upstream page
   * (each answer costs the BFF a request's fixed work on the thread that pulls upstream).
   */
  async waitForChange(since: number, timeoutMs: number, signal?: AbortSignal, batch?: { rows: number; settleMs: number }): Promise<void> {
    const syncing = () => this.running !== null;
    await this.waiters.waitUntil(() => this.rows.version > since, syncing, timeoutMs, signal);
    if (batch) await this.waiters.waitUntil(() => this.rows.version - since >= batch.rows, syncing, batch.settleMs, signal);
  }

  private start(job: () => Promise<void>): void {
    this.error = null;
    this.running = job()
      .then(() => {
        this.complete = true;
        this.syncedAt = this.now();
      })
      .catch((error: unknown) => {
        // Every viewer's tab shows it: the BFF's sentence, never the error's own message (an upstream's
        // words, a refused connection's host and port). The log has the code and the error's kind.
        const { code, message } = publicMessageOf(error);
        this.error = message;
        logger.warn("transactions load failed", { code, error: errorKind(error) });
      })
      .finally(() => {
        this.running = null;
        this.notify();
      });
    this.notify();
  }

  /** Merges rows into the store, telling `onStatusSeen` of the statuses that are news (see the option). */
  private merge(rows: readonly TransactionRow[], readAlone = false): { changed: number; fresh: number } {
    if (!this.onStatusSeen) return this.rows.merge(rows);
    const firstRead = !this.complete && !readAlone;
    const news: TransactionRow[] = [];
    const settled: TransactionRow[] = [];
    const result = this.rows.merge(rows, (row, fresh) => (fresh && firstRead && row.status !== "pending" ? settled : news).push(row));
    if (news.length > 0) this.onStatusSeen(news, "news");
    if (settled.length > 0) this.onStatusSeen(settled, "settled-on-first-read");
    return result;
  }

  private notify(): void {
    this.waiters.notify();
  }

  /** Fetches one page through the rate gate, merges it, and says how many of its ids were new. */
  private async fetchPage(offset: number): Promise<{ page: TransactionPage; fresh: number }> {
    return this.mergePage(await this.gate.run(() => this.source.listTransactions({ limit: this.pageSize, offset })));
  }

  /** `fresh` counts new ids among the page's rows, read or not (refreshHead stops at a page with none). */
  private mergePage(page: TransactionPage): { page: TransactionPage; fresh: number } {
    this.total = page.total;
    this.unreadable.read(page.items);
    const { fresh } = this.merge(page.items);
    const freshUnreadable = page.unreadable.length > 0 ? this.unreadable.seen(page.unreadable, (id) => this.rows.get(id) !== undefined) : 0;
    this.notify();
    return { page, fresh: fresh + freshUnreadable };
  }

  private async fullLoad(): Promise<void> {
    const head = this.headPage;
    this.headPage = null;
    const first = head ?? (await this.fetchPage(0)).page;
    const startTotal = first.total;
    // Room for the whole list now, not on a page render's path: the load then fills the store
    // without doubling and rehashing it on the way (merging 1,000,000 rows took 30–45% less CPU).
    this.rows.reserve(startTotal);
    const covered: Interval[] = [originalInterval(0, rowsOnPage(first), first.total, startTotal)];
    for (let round = 0; round < MAX_REPAIR_ROUNDS; round++) {
      const holes = gaps(covered, startTotal);
      if (holes.length === 0) break;
      await runPool(pagesFor(holes, this.pageSize), this.concurrency, async ({ start }) => {
        const shift = (this.total ?? startTotal) - startTotal;
        const offset = Math.max(0, start + shift);
        const { page } = await this.fetchPage(offset);
        covered.push(originalInterval(offset, rowsOnPage(page), page.total, startTotal));
      });
    }
    // Rows created while the load ran sit above original offset 0.
    await this.refreshHead();
  }

  private async incrementalRefresh(): Promise<void> {
    const head = await this.gate.run(() => this.source.listTransactions({ limit: this.pageSize, offset: 0 }));
    if (head.total < this.rows.size || this.rebuiltUpstream(head)) return this.startOver();
    await this.refreshHead(head);
    await this.refreshPending();
    await this.retryUnreadable();
    if (this.total !== null && this.total < this.rows.size) await this.startOver();
  }

  /**
   * The upstream list never loses rows and a row never changes its createdAt,
   * except when the list is rebuilt (a reset simulator, a restored sandbox).
   */
  private rebuiltUpstream(page: TransactionPage): boolean {
    return page.items.some((item) => {
      const known = this.rows.get(item.id);
      return known !== undefined && known.createdAt !== item.createdAt;
    });
  }

  /** Our copy no longer describes the upstream list: drop it and load again under a new epoch. */
  private async startOver(): Promise<void> {
    this.store = new RowStore();
    this.blocks = new EncodedBlocks();
    this.unreadable = new UnreadableRows(this.now);
    this.pendingUnreadable.clear();
    this.epoch = newEpoch();
    this.complete = false;
    this.total = null;
    this.notify();
    await this.fullLoad();
  }

  /** Newest first, page by page, until a page brings no new id. Sequential, so a shift can only repeat rows, never skip one. */
  private async refreshHead(firstPage?: TransactionPage): Promise<void> {
    for (let offset = 0; ; offset += this.pageSize) {
      const { page, fresh } = offset === 0 && firstPage ? this.mergePage(firstPage) : await this.fetchPage(offset);
      if (fresh === 0 || rowsOnPage(page) < this.pageSize) return;
    }
  }

  /**
   * Status changes on older pending rows: re-read the pages those rows sit on
   * now (their rank by createdAt), which is fewer requests than one GET per
   * row when they cluster; rows not found there (ties, shifts) get a GET each.
   */
  private async refreshPending(): Promise<void> {
    const pending = this.rows.pending();
    if (pending.length === 0) return;
    const ranks = this.rows.newerThan(pending.map((row) => row.createdAtKey));
    const offsets = new Set<number>();
    for (const rank of ranks) offsets.add(Math.floor(rank / this.pageSize) * this.pageSize);

    const seen = new Set<string>();
    if (offsets.size < pending.length) {
      await runPool([...offsets], this.concurrency, async (offset) => {
        const { page } = await this.fetchPage(offset);
        for (const item of page.items) seen.add(item.id);
      });
    }
    const unseen = pending.filter((row) => !seen.has(row.id));
    await runPool(unseen, this.concurrency, (row) => this.readOnItsOwn(row.id));
  }

  /**
   * Rows left out as unreadable, a few each refresh, read on their own: one fixed upstream deep
   * in the list joins it (a refresh reads only the head and the pending rows' pages).
   */
  private async retryUnreadable(): Promise<void> {
    // Work no viewer waits for: none while the API asks for less, and it never fails the refresh.
    if (this.gate.paused) return;
    const rows = this.unreadable.takeForRetry(UNREADABLE_RETRIES_PER_REFRESH);
    let stop = false;
    await runPool(rows, this.concurrency, async (row) => {
      if (stop) return;
      try {
        this.upsert(await this.source.getTransaction(row.id!));
      } catch (error) {
        // The API down or asking for less: the rest wait for the next refresh.
        if (error instanceof PaymentsApiError && error.retryable) stop = true;
        if (this.unreadable.retryFailed(row)) logger.warn("transaction row not read on its own", failureFields(error));
      }
    });
  }

  /**
   * A pending row by its own GET, merged. An answer about the row, not the API (unreadable there
   * too, gone, or an id that cannot be asked for) leaves it as it was: one bad row must not fail
   * every refresh. Anything else (no answer, a 5xx) fails the refresh as before.
   */
  private async readOnItsOwn(id: string): Promise<void> {
    try {
      this.upsert(await this.gate.run(() => this.source.getTransaction(id)));
      this.pendingUnreadable.delete(id);
    } catch (error) {
      if (!rowUnreadableOnItsOwn(error)) throw error;
      if (!this.pendingUnreadable.has(id)) logger.warn("transaction row not read on its own", failureFields(error));
      this.pendingUnreadable.add(id);
    }
  }
}
