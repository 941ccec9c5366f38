"use client";

// The page's side of the transactions worker (features/transactions/worker): one worker per tab,
// created on first use, shared by /transactions and /lookup so a list loaded on one is
// there for the other. It keeps the latest state per mode for useListState.
import { redirectToSignIn } from "@/lib/query-client";
import type { Environment } from "@/lib/rails";
import { reportShownModeRefused } from "@/lib/shown-mode";
import { EARLY_WORKER_GLOBAL } from "@/features/transactions/worker/early-start";
import type { ChartSeries, FeedSummary, FromWorker, RowWindow, ToWorker, ViewSummary } from "@/features/transactions/worker-protocol";
import type { TransactionRow } from "@/lib/transaction-row";
import { TRANSACTIONS_WORKER_URL } from "@/features/transactions/worker/url";

export type ListState = {
  feed: FeedSummary | null;
  view: ViewSummary | null;
  charts: { revision: number; viewId: number; series: ChartSeries } | null;
};

const EMPTY: ListState = { feed: null, view: null, charts: null };

/** A CSV export as the worker built it: the file, and the rows it holds (what the trail records). */
export type BuiltCsv = { csv: string; rows: number };

class TransactionsWorker {
  private worker: Worker | null = null;
  private readonly states = new Map<Environment, ListState>();
  private readonly listeners = new Set<() => void>();
  private readonly csvWaiters = new Map<number, (built: BuiltCsv) => void>();
  private nextId = 1;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  state(mode: Environment): ListState {
    return this.states.get(mode) ?? EMPTY;
  }

  send(message: ToWorker): void {
    this.start().postMessage(message);
  }

  /** Starts the worker's download and boot now, so it is ready when the page first speaks to it. */
  warm(): void {
    this.start();
  }

  /** A number for a `view` or `csv` request, unique in this tab. */
  id(): number {
    return this.nextId++;
  }

  /** The filtered rows as CSV, built in the worker, in table order, and how many rows it holds. */
  csv(mode: Environment): Promise<BuiltCsv> {
    const requestId = this.id();
    return new Promise((resolve) => {
      this.csvWaiters.set(requestId, resolve);
      this.send({ kind: "csv", mode, requestId });
    });
  }

  private start(): Worker {
    this.worker ??= this.listen(adoptEarlyWorker() ?? new Worker(TRANSACTIONS_WORKER_URL));
    return this.worker;
  }

  private listen(worker: Worker): Worker {
    worker.addEventListener("message", (event: MessageEvent<FromWorker>) => this.receive(event.data));
    return worker;
  }

  private receive(message: FromWorker): void {
    if (message.kind === "csv") {
      this.csvWaiters.get(message.requestId)?.({ csv: message.csv, rows: message.rows });
      this.csvWaiters.delete(message.requestId);
      return;
    }
    const current = this.state(message.mode);
    if (message.kind === "state") {
      if (message.feed.signedOut) redirectToSignIn();
      // The BFF answered from the other mode: the pages catch up with the session (ModeScope), as
      // after a write it refused. Once per refusal, not at every state the worker sends after it.
      const changedTo = message.feed.modeChangedTo;
      if (changedTo !== null && current.feed?.modeChangedTo !== changedTo) reportShownModeRefused();
      this.update(message.mode, {
        ...current,
        feed: keepFeedParts(current.feed, message.feed),
        view: message.view ? keepViewParts(current.view, message.view) : current.view,
      });
    } else {
      this.update(message.mode, { ...current, charts: { revision: message.revision, viewId: message.viewId, series: message.series } });
    }
  }

  private update(mode: Environment, next: ListState): void {
    this.states.set(mode, next);
    for (const listener of [...this.listeners]) listener();
  }
}

// Every message arrives as new objects (structured clone). Parts equal to what the page already
// holds keep their identity, so memoised parts of the screen (the filter bar, the table, the
// totals) skip rendering while rows stream in, and a click then has the main thread to itself.

function keepFeedParts(previous: FeedSummary | null, next: FeedSummary): FeedSummary {
  if (!previous) return next;
  const currencies = sameList(previous.currencies, next.currencies) ? previous.currencies : next.currencies;
  const railLabels = sameEntries(previous.railLabels, next.railLabels) ? previous.railLabels : next.railLabels;
  return { ...next, currencies, railLabels };
}

function keepViewParts(previous: ViewSummary | null, next: ViewSummary): ViewSummary {
  if (!previous) return next;
  const totals = JSON.stringify(previous.totals) === JSON.stringify(next.totals) ? previous.totals : next.totals;
  const sameWindow =
    previous.revision === next.revision &&
    previous.window.start === next.window.start &&
    previous.window.rows.length === next.window.rows.length;
  return { ...next, totals, window: sameWindow ? previous.window : keepRows(previous.window, next.window) };
}

/**
 * The window's rows, each the object the page already holds when its fields are unchanged (the
 * table's rows are memoised on it), and the window itself when every row is.
 * @internal
 */
export function keepRows(previous: RowWindow, next: RowWindow): RowWindow {
  const held = new Map(previous.rows.map((row) => [row.id, row]));
  const rows = next.rows.map((row) => {
    const old = held.get(row.id);
    return old !== undefined && sameRow(old, row) ? old : row;
  });
  // The same rows in another order (a sort) are another window.
  const whole = previous.start === next.start && previous.rows.length === rows.length && rows.every((row, i) => row === previous.rows[i]);
  return whole ? previous : { start: next.start, rows };
}

function sameRow(a: TransactionRow, b: TransactionRow): boolean {
  for (const key of Object.keys(b) as (keyof TransactionRow)[]) if (a[key] !== b[key]) return false;
  return Object.keys(a).length === Object.keys(b).length;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

function sameEntries(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (b.get(key) !== value) return false;
  return true;
}

/**
 * The worker /transactions' HTML started (features/transactions/worker/early-start.ts), taken once.
 * What it said before this listener existed is not needed: every message the page sends
 * ("wake", "view") makes it report its state again.
 */
function adoptEarlyWorker(): Worker | null {
  const holder = window as unknown as Record<string, unknown>;
  const early = holder[EARLY_WORKER_GLOBAL];
  delete holder[EARLY_WORKER_GLOBAL];
  return early instanceof Worker ? early : null;
}

let shared: TransactionsWorker | null = null;

/** The tab's worker client; never created on the server. */
export function transactionsWorker(): TransactionsWorker {
  shared ??= new TransactionsWorker();
  return shared;
}
