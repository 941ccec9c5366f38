// The feed's published state and its empty value, apart from the feed itself (feed.ts): the
// page needs them without the feed's code, which runs in the transactions worker. Browser-safe.
import type { RowList } from "./columns";

type FeedStatus = "idle" | "loading" | "cancelled" | "ready" | "error";

export type FeedSnapshot = {
  /** Arrival order; a new list whenever a row is added or changed. */
  rows: RowList;
  /**
   * The previous `rows` when this one is it plus rows added at the end, every earlier row
   * unchanged; else null. Lets the screen merge new rows into its sorted view instead of
   * re-sorting them all (features/transactions/view.ts).
   */
  grownFrom: RowList | null;
  status: FeedStatus;
  loaded: number;
  /** Rows the BFF could not read (TransactionChunk.unreadable): left out of `rows`, counted in `total`. */
  unreadable: number;
  total: number | null;
  /** The BFF has read every upstream page once. */
  complete: boolean;
  /** This tab's request failure, or the shared sync's; rows held stay shown. */
  error: string | null;
  /** When this tab last caught up with the BFF (ms), for staleness on refocus. */
  caughtUpAt: number | null;
  /** Every currency among the rows, sorted; a new array only when one is added. */
  currencies: readonly string[];
  /** Each rail seen and its label; a new map only when a rail is added. */
  railLabels: ReadonlyMap<string, string>;
};

/** How far a load has got: what the progress lines show. */
export type LoadState = Pick<FeedSnapshot, "status" | "loaded" | "unreadable" | "total" | "complete">;

/**
 * This tab holds every row: the BFF is `complete` and the tab has caught up with it (or holds as
 * many rows as upstream counts). `complete` alone is not enough: a page opens with the server's
 * newest rows while the rest stream in. Unreadable rows count as held: no load brings them.
 */
export function holdsEveryRow({ status, complete, loaded, unreadable, total }: LoadState): boolean {
  return complete && (status === "ready" || total === null || loaded + unreadable >= total);
}

/**
 * A feed that has loaded nothing yet, but for its rows: the page shows this state before the worker
 * answers, and has no column store to make an empty list from (feed.ts adds them).
 */
export const INITIAL_STATE: Omit<FeedSnapshot, "rows" | "grownFrom"> = {
  status: "idle",
  loaded: 0,
  unreadable: 0,
  total: null,
  complete: false,
  error: null,
  caughtUpAt: null,
  currencies: [],
  railLabels: new Map(),
};
