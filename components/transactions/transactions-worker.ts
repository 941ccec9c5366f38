"use client";

// The page's side of the transactions worker (lib/transactions/worker): one worker per tab,
// created on first use, shared by /transactions and /lookup so a list loaded on one is
// there for the other. It keeps the latest state per mode for useSyncExternalStore.
import { redirectToSignIn } from "@/lib/query-client";
import type { Environment } from "@/lib/rails";
import type { ChartSeries, FeedSummary, Found, FromWorker, ToWorker, ViewSummary } from "@/lib/transactions/worker/protocol";

export type ListState = {
  feed: FeedSummary | null;
  view: ViewSummary | null;
  charts: { revision: number; series: ChartSeries } | null;
  found: Found | null;
};

const EMPTY: ListState = { feed: null, view: null, charts: null, found: null };

class TransactionsWorker {
  private worker: Worker | null = null;
  private readonly states = new Map<Environment, ListState>();
  private readonly listeners = new Set<() => void>();
  private readonly csvWaiters = new Map<number, (csv: string) => void>();
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

  /** The filtered rows as CSV, built in the worker, in table order. */
  csv(mode: Environment): Promise<string> {
    const requestId = this.id();
    return new Promise((resolve) => {
      this.csvWaiters.set(requestId, resolve);
      this.send({ kind: "csv", mode, requestId });
    });
  }

  private start(): Worker {
    // The URL form is what the bundler recognises: the worker gets its own chunk.
    this.worker ??= this.listen(
      new Worker(new URL("../../lib/transactions/worker/transactions.worker.ts", import.meta.url), { type: "module" }),
    );
    return this.worker;
  }

  private listen(worker: Worker): Worker {
    worker.addEventListener("message", (event: MessageEvent<FromWorker>) => this.receive(event.data));
    return worker;
  }

  private receive(message: FromWorker): void {
    if (message.kind === "csv") {
      this.csvWaiters.get(message.requestId)?.(message.csv);
      this.csvWaiters.delete(message.requestId);
      return;
    }
    const current = this.state(message.mode);
    if (message.kind === "state") {
      if (message.feed.signedOut) redirectToSignIn();
      this.update(message.mode, { ...current, feed: message.feed, view: message.view ?? current.view, found: message.found });
    } else {
      this.update(message.mode, { ...current, charts: { revision: message.revision, series: message.series } });
    }
  }

  private update(mode: Environment, next: ListState): void {
    this.states.set(mode, next);
    for (const listener of [...this.listeners]) listener();
  }
}

let shared: TransactionsWorker | null = null;

/** The tab's worker client; never created on the server. */
export function transactionsWorker(): TransactionsWorker {
  shared ??= new TransactionsWorker();
  return shared;
}
