// The browser's copy of the shared list. It asks the BFF only for rows changed
// since the version it holds, so the first rows show while the rest load, a
// refresh costs a few rows instead of every page, and cancelling just stops
// this tab listening (the shared upstream pull serves everyone and carries on).
import { ColumnStore, type RowList } from "./columns";
import { type FeedSnapshot, INITIAL_STATE } from "./feed-state";
import type { BlockChunk } from "./wire-stream";

/** The BFF's answer to "rows changed since `since`", its blocks read and checked as they streamed in. */
export type FetchChunk = (request: { since: number; refresh: boolean; signal: AbortSignal }) => Promise<BlockChunk>;

export type { FeedSnapshot, LoadState } from "./feed-state";

/** No rows (a store of its own, never written to). */
export const NO_ROWS: RowList = { store: new ColumnStore(), slots: new Uint32Array(0) };

const INITIAL_FEED: FeedSnapshot = { ...INITIAL_STATE, rows: NO_ROWS, grownFrom: null };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : "The transactions could not be loaded.";
}

export type FeedOptions = {
  /**
   * While a load streams in, hand new rows to the screen at most this often (the first
   * rows and the end of a load go out at once). Each publish re-sorts, re-filters and
   * re-totals every row held, so at 100,000 rows publishing every chunk costs more
   * main-thread time than the chunks themselves. 0 publishes every chunk.
   */
  publishEveryMs?: number;
};

export class TransactionFeed {
  private snapshot: FeedSnapshot = INITIAL_FEED;
  /** Rows and counts applied but not yet published (see publishEveryMs). */
  private held: Partial<FeedSnapshot> | null = null;
  private lastPublishAt = -Infinity;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly publishEveryMs: number;
  /**
   * Every row, in columns (columns.ts). Rows held but not yet published change in place; a
   * published row that changes makes the next publish say the rows did not only grow. The first
   * request after the server-rendered rows, and a refresh, send rows the tab already holds: the
   * store skips those unchanged, which keeps the screen's sorted view valid.
   */
  private store = new ColumnStore();
  private since = 0;
  /**
   * `environment/epoch` of the copy the rows came from. Versions mean something only within one
   * copy, and each instance builds its own under a random epoch: compared for equality only.
   */
  private source: string | null = null;
  private controller: AbortController | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly fetchChunk: FetchChunk,
    private readonly now: () => number = Date.now,
    options: FeedOptions = {},
  ) {
    this.publishEveryMs = options.publishEveryMs ?? 0;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): FeedSnapshot => this.snapshot;

  /**
   * Starts from the rows the server rendered the page with, so they show before the first
   * request; the chunk's version says where that request starts. Ignored once the feed
   * holds rows or an answer. Taken while the first read is still on its way (the page's HTML
   * started the load before the page could send these): that answer then merges with them
   * row by row, and the screen keeps the server's rows instead of an empty table meanwhile.
   */
  seed(chunk: BlockChunk): void {
    if (this.source !== null || this.snapshot.rows.slots.length > 0 || this.held?.rows) return;
    this.source = `${chunk.environment}/${chunk.epoch}`;
    this.apply(chunk);
  }

  /** Catch up with the BFF (first load, or resume after cancel); no-op while running. */
  start(): Promise<void> {
    return this.run(false);
  }

  /** Ask the BFF to refresh from upstream (head and pending rows), then catch up. */
  refresh(): Promise<void> {
    return this.run(true);
  }

  cancel(): void {
    this.controller?.abort();
  }

  isStale(maxAgeMs: number): boolean {
    const at = this.snapshot.caughtUpAt;
    return at === null || this.now() - at > maxAgeMs;
  }

  private async run(refresh: boolean): Promise<void> {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    const ask = (since: number, refresh: boolean) => {
      const answer = this.fetchChunk({ since, refresh, signal: controller.signal });
      // Awaited below, unless the loop ends first: then the abort in `finally` ends it unread.
      answer.catch(() => undefined);
      return answer;
    };
    this.update({ status: "loading", error: null });
    try {
      let answer = ask(this.since, refresh);
      for (;;) {
        const chunk = await answer;
        const source = `${chunk.environment}/${chunk.epoch}`;
        if (this.source !== null && source !== this.source) {
          // Another wallet set (the mode changed in another tab), a rebuilt copy of the list, or another
          // instance's copy (the balancer moved this tab): its versions count other rows, so start over.
          this.reset(source);
          answer = ask(0, false);
          continue;
        }
        const done = !chunk.more && !chunk.syncing;
        // The next question is known before this answer is merged: the BFF answers it while this tab merges.
        if (!done) answer = ask(chunk.version, false);
        this.source = source;
        this.apply(chunk);
        if (done) {
          this.update({ status: chunk.error ? "error" : "ready", error: chunk.error, caughtUpAt: this.now() });
          return;
        }
      }
    } catch (error) {
      this.update(controller.signal.aborted ? { status: "cancelled" } : { status: "error", error: messageOf(error) });
    } finally {
      this.controller = null;
      controller.abort();
    }
  }

  private apply(chunk: BlockChunk): void {
    this.since = chunk.version;
    const store = this.store;
    const current = this.held?.rows ?? this.snapshot.rows;
    let rows = current;
    let currencies = this.held?.currencies ?? this.snapshot.currencies;
    let railLabels = this.held?.railLabels ?? this.snapshot.railLabels;
    let grownFrom = this.held?.rows ? (this.held.grownFrom ?? null) : this.snapshot.rows;
    const before = store.size;
    let changed = false;
    for (const block of chunk.blocks) {
      for (const slot of store.ingest(block)) {
        changed = true;
        // A changed row the screen already shows: its place in the view may move.
        if (grownFrom !== null && slot < grownFrom.slots.length) grownFrom = null;
      }
    }
    if (store.size !== before || changed) rows = { store, slots: store.slotsUpTo(store.size) };
    // Kept up as rows arrive: scanning the rows for them on every publish cost more than the rows.
    if (store.values.currency.length !== currencies.length) currencies = [...store.values.currency].sort();
    // Rails the console does not know all arrive as "unknown", each with its own label: the chip
    // that selects them all keeps its own name, not the first one's ("Kenya" selecting Ghana too).
    if (store.firstLabel.size !== railLabels.size) railLabels = new Map(store.firstLabel);
    this.hold({
      rows,
      grownFrom,
      loaded: rows.slots.length,
      unreadable: chunk.unreadable,
      total: chunk.total,
      complete: chunk.complete,
      error: chunk.error,
      currencies,
      railLabels,
    });
  }

  /** Publishes at once when the screen has no rows yet or the last publish is old enough; otherwise on a trailing timer. */
  private hold(patch: Partial<FeedSnapshot>): void {
    this.held = { ...this.held, ...patch };
    const wait = this.snapshot.rows.slots.length === 0 ? 0 : this.lastPublishAt + this.publishEveryMs - this.now();
    if (wait <= 0) this.update({});
    else this.flushTimer ??= setTimeout(() => this.update({}), wait);
  }

  private reset(source: string): void {
    this.held = null;
    this.store = new ColumnStore();
    this.since = 0;
    this.source = source;
    this.update({
      rows: NO_ROWS,
      grownFrom: null,
      loaded: 0,
      unreadable: 0,
      total: null,
      complete: false,
      currencies: [],
      railLabels: new Map(),
    });
  }

  /** Publishes held rows with `patch`: every status change goes out at once, with everything applied so far. */
  private update(patch: Partial<FeedSnapshot>): void {
    if (this.flushTimer !== null) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.snapshot = { ...this.snapshot, ...this.held, ...patch };
    this.held = null;
    this.lastPublishAt = this.now();
    for (const listener of [...this.listeners]) listener();
  }
}
