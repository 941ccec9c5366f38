// What the transactions worker runs: the tab's copy of the list per mode (feed.ts), its
// sorted and filtered view (view.ts), the totals, the charts' series and the CSV, all off the page's main thread. The page sends what it shows
// (worker-protocol.ts) and gets back counts, totals and the rows in view. A plain class with a
// `post` callback, so tests drive it without a Worker. Browser-safe.
import type { Environment } from "@/lib/rails";
import { type FetchChunk, NO_ROWS, TransactionFeed } from "../feed";
import type { RowList } from "../columns";
import { TransactionRowView } from "../view";
import { blocksOfChunk } from "../wire-stream";
import { type ChartSeries, feedSummary, type FromWorker, type StateMessage, type ToWorker } from "../worker-protocol";

/** While rows stream in, the view is rebuilt at most this often (feed.ts explains why). */
const PUBLISH_EVERY_MS = 500;
/** Rows sent before the page says which it shows: a screenful and then some. */
const FIRST_WINDOW = { start: 0, end: 60 };
/**
 * A window is capped: the page asks for what is in view plus a margin, never the list.
 * @internal
 */
export const MAX_WINDOW_ROWS = 1_000;

type ViewRequest = Extract<ToWorker, { kind: "view" }>;

class ModeList {
  readonly feed: TransactionFeed;
  readonly rowView = new TransactionRowView();
  request: ViewRequest | null = null;
  window = FIRST_WINDOW;
  filtered: RowList = NO_ROWS;
  revision = 0;
  charts = false;
  chartsRevision = -1;
  signedOut = false;
  /** The mode the BFF last answered from when it was not this list's: the load stopped there. */
  modeChangedTo: Environment | null = null;

  constructor(mode: Environment, fetchChunk: FetchChunk, now: () => number) {
    this.feed = new TransactionFeed(
      async (request) => {
        this.modeChangedTo = null;
        let chunk;
        try {
          chunk = await fetchChunk(request);
        } catch (error) {
          if (typeof error === "object" && error !== null && "status" in error && error.status === 401) this.signedOut = true;
          throw error;
        }
        // The BFF answers from the session's mode, which another tab may have switched. Taken in,
        // the other mode's rows would replace this list (the feed starts over on another
        // environment) and show under this mode's banner, and /lookup would find a live payment
        // in "test". Refused instead: the rows held stay, and the page reads its session again.
        if (chunk.environment !== mode) {
          this.modeChangedTo = chunk.environment;
          throw new Error(
            `The list was not read: your session was switched to ${chunk.environment} mode in another tab or window, and this page shows ${mode} mode.`,
          );
        }
        return chunk;
      },
      now,
      { publishEveryMs: PUBLISH_EVERY_MS },
    );
  }
}

/**
 * What only the worker computes (charts' series, the CSV), passed in by its entry so the page's
 * bundle, which runs the engine for the server-rendered rows alone (seededState), does not carry it.
 */
export type EngineExtras = {
  charts: (rows: RowList) => ChartSeries;
  csv: (rows: RowList) => string;
};

const NO_EXTRAS: EngineExtras = {
  charts: () => ({ volume: { currencies: [], series: {} }, rails: [] }),
  csv: () => "",
};

export class TransactionsEngine {
  private readonly lists = new Map<Environment, ModeList>();

  constructor(
    private readonly fetchChunk: FetchChunk,
    private readonly post: (message: FromWorker) => void,
    private readonly now: () => number = Date.now,
    private readonly extras: EngineExtras = NO_EXTRAS,
  ) {}

  handle(message: ToWorker): void {
    const list = this.listFor(message.mode);
    switch (message.kind) {
      case "seed":
        // Rows rendered in another mode than this list's are not its rows (the load refuses them too).
        if (message.chunk.environment === message.mode) list.feed.seed(blocksOfChunk(message.chunk));
        return;
      case "start":
        void list.feed.start();
        return;
      case "refresh":
        void list.feed.refresh();
        return;
      case "cancel":
        list.feed.cancel();
        return;
      case "wake": {
        const { status } = list.feed.getSnapshot();
        if (status === "idle" || status === "error") void list.feed.start();
        else if (status === "ready" && list.feed.isStale(message.staleAfterMs)) void list.feed.refresh();
        else this.publish(message.mode, list);
        return;
      }
      case "view":
        list.request = message;
        this.publish(message.mode, list);
        return;
      case "window": {
        const start = Math.max(0, Math.floor(message.start));
        list.window = { start, end: Math.min(Math.max(start, Math.floor(message.end)), start + MAX_WINDOW_ROWS) };
        this.publish(message.mode, list);
        return;
      }
      case "charts":
        list.charts = message.on;
        this.sendCharts(message.mode, list);
        return;
      case "csv":
        this.post({
          kind: "csv",
          requestId: message.requestId,
          csv: this.extras.csv(list.filtered),
          rows: list.filtered.slots.length,
        });
        return;
    }
  }

  private listFor(mode: Environment): ModeList {
    let list = this.lists.get(mode);
    if (!list) {
      const created = new ModeList(mode, this.fetchChunk, this.now);
      created.feed.subscribe(() => this.publish(mode, created));
      this.lists.set(mode, (list = created));
    }
    return list;
  }

  /** Rebuilds the view when the rows or the request changed (view.ts makes that incremental), then sends the state. */
  private publish(mode: Environment, list: ModeList): void {
    const snapshot = list.feed.getSnapshot();
    // Said only while the load stands stopped by it: a new load starts without it.
    const feed = feedSummary(snapshot, list.signedOut, snapshot.status === "error" ? list.modeChangedTo : null);
    const request = list.request;
    if (!request) {
      this.post({ kind: "state", mode, feed, view: null });
      return;
    }
    const filtered = list.rowView.rows({
      rows: snapshot.rows,
      grownFrom: snapshot.grownFrom,
      sort: request.sort,
      filters: request.filters,
    });
    if (filtered !== list.filtered) {
      list.filtered = filtered;
      list.revision += 1;
    }
    const { start, end } = list.window;
    this.post({
      kind: "state",
      mode,
      feed,
      view: {
        viewId: request.viewId,
        revision: list.revision,
        count: filtered.slots.length,
        totals: list.rowView.totalsOf(filtered),
        // Only the rows in view become objects.
        window: { start, rows: Array.from(filtered.slots.subarray(start, end), (slot) => filtered.store.row(slot)) },
      },
    });
    this.sendCharts(mode, list);
  }

  /** Charts keep what they last drew while a load streams: drawing them per publish costs what the load needs. */
  private sendCharts(mode: Environment, list: ModeList): void {
    if (!list.charts || list.request === null || list.chartsRevision === list.revision) return;
    if (list.feed.getSnapshot().status === "loading") return;
    list.chartsRevision = list.revision;
    this.post({
      kind: "charts",
      mode,
      revision: list.revision,
      viewId: list.request.viewId,
      series: this.extras.charts(list.filtered),
    });
  }
}

/**
 * The state the page shows before the worker has answered: the server-rendered first rows
 * through the same engine, so the server render, hydration and the worker agree.
 */
export function seededState(chunk: ViewSeed["chunk"], sort: ViewRequest["sort"], filters: ViewRequest["filters"]): StateMessage {
  let state: StateMessage | null = null;
  const engine = new TransactionsEngine(
    () => Promise.reject(new Error("a seeded state never fetches")),
    (message) => {
      if (message.kind === "state") state = message;
    },
  );
  engine.handle({ kind: "seed", mode: chunk.environment, chunk });
  engine.handle({ kind: "view", mode: chunk.environment, viewId: 0, sort, filters });
  if (state === null) throw new Error("the engine sent no state");
  return state;
}

type ViewSeed = Extract<ToWorker, { kind: "seed" }>;
