// The messages between the transactions screen (main thread) and the worker that holds the
// list (engine.ts). The rows stay in the worker: the page gets counts, totals, the rows in
// view and, when asked, the charts' series or a CSV.
// Everything here is structured-cloneable (plain objects, arrays, Maps). Browser-safe.
import type { Environment } from "@/lib/rails";
import type { DailyVolume, RailCount } from "./chart-data";
import { type FeedSnapshot, INITIAL_STATE } from "./feed-state";
import type { TransactionFilters } from "./filter";
import type { TransactionSort } from "./sort";
import type { CurrencyTotal } from "./totals";
import type { TransactionChunkResponse, TransactionRow } from "@/lib/transaction-row";

/** The feed's state without its rows. */
export type FeedSummary = Omit<FeedSnapshot, "rows" | "grownFrom"> & {
  /** The BFF said the session ended (401): the page sends the viewer to sign in. */
  signedOut: boolean;
  /**
   * The BFF answered from this mode, not the list's (the session was switched in another tab):
   * the load stopped without those rows, and the page reads its session again.
   */
  modeChangedTo: Environment | null;
};

/** The feed's state for the page: everything but its rows. */
export function feedSummary(
  { rows: _rows, grownFrom: _grownFrom, ...state }: FeedSnapshot,
  signedOut: boolean,
  modeChangedTo: Environment | null,
): FeedSummary {
  return { ...state, signedOut, modeChangedTo };
}

/** Before the worker has said anything. */
export const NOT_LOADED: FeedSummary = { ...INITIAL_STATE, signedOut: false, modeChangedTo: null };

/** Rows `start` … `start + rows.length - 1` of the filtered, sorted view. */
export type RowWindow = { start: number; rows: TransactionRow[] };

export type ViewSummary = {
  /** The `view` message this answers. */
  viewId: number;
  /** Changes whenever the filtered rows change (a filter, a sort, rows arriving). */
  revision: number;
  count: number;
  totals: CurrencyTotal[];
  window: RowWindow;
};

export type ChartSeries = { volume: DailyVolume; rails: RailCount[] };

export type ToWorker =
  /** The rows the server rendered the page with: the feed starts from them. */
  | { kind: "seed"; mode: Environment; chunk: TransactionChunkResponse }
  | { kind: "start" | "refresh" | "cancel"; mode: Environment }
  /** Start a load unless one ran recently (the page opening, the tab regaining focus). */
  | { kind: "wake"; mode: Environment; staleAfterMs: number }
  | { kind: "view"; mode: Environment; viewId: number; sort: TransactionSort; filters: TransactionFilters }
  | { kind: "window"; mode: Environment; start: number; end: number }
  /** Charts follow the view while `on`; off, none are computed. */
  | { kind: "charts"; mode: Environment; on: boolean }
  | { kind: "csv"; mode: Environment; requestId: number };

export type FromWorker =
  | { kind: "state"; mode: Environment; feed: FeedSummary; view: ViewSummary | null }
  /** `viewId`: the view (filters) the series were drawn for. */
  | { kind: "charts"; mode: Environment; revision: number; viewId: number; series: ChartSeries }
  | { kind: "csv"; requestId: number; csv: string; rows: number };

export type StateMessage = Extract<FromWorker, { kind: "state" }>;

/** Same rule as the app's queries (lib/query-client.ts): a list older than this refreshes on a wake. */
const STALE_AFTER_MS = 30_000;

/** "Load the list in `mode`, or refresh it if it is stale; otherwise just report its state." */
export const wakeMessage = (mode: Environment): ToWorker => ({ kind: "wake", mode, staleAfterMs: STALE_AFTER_MS });
