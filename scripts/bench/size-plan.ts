// What the bench measures at each list size. The targets of issue 21 are at 100,000 rows, where
// everything runs in full; a larger list (issue 60's million rows) runs the fewest reads that
// still give each of its targets a figure, so the case fits in its 6 minutes (docs/decisions/0153).
import { CONDITION_RUNS, LOAD_TIMEOUT_MS, FILTER_ROUNDS } from "./config";

/** The size issue 21's targets are set at. */
export const TARGET_ROWS = 100_000;
/** The upstream latency (b) is judged at above TARGET_ROWS: the only one issue 60 sets a target for. */
export const LARGE_LATENCY_MS = 20;

type SizePlan = {
  /** Floor reads after the cold one, before and after the page load (aroundFloor). */
  floorRuns: { before: number; after: number };
  /** The BFF read alone by a Node client before the page (no target). */
  bffAlone: boolean;
  filterRounds: number;
  /** Which of (b)'s conditions run at this size. */
  conditions: "all" | "latency" | "none";
  /** Upstream latencies for the latency runs, each run `conditionRuns` times. */
  latencies: number[];
  conditionRuns: number;
  /**
   * The latency runs' floor: read before and after each run ("around", floorSeries), or once
   * before the first ("before": 20 ms away a million-row read takes over a minute).
   */
  latencyFloor: "around" | "before";
  /** Loads with clicks while the rows stream in. */
  streamingRuns: number;
  /** How long one page may take to show every row. */
  loadTimeoutMs: number;
  /** The page's filtered CSV against its full export, after the filter clicks (issue 60, at a million rows). */
  csvCheck: boolean;
};

/** A page load's time limit: LOAD_TIMEOUT_MS up to 500,000 rows, then 0.6 ms a row (10 min at a million). */
export const loadTimeoutFor = (size: number) => Math.max(LOAD_TIMEOUT_MS, Math.round(size * 0.6));

/**
 * The plan for `size` in a run of `sizes`: the full conditions at the largest size up to
 * TARGET_ROWS (as before issue 60), only the LARGE_LATENCY_MS condition above it, once, against
 * one floor read, and the CSV check there (docs/decisions/0157).
 */
export function sizePlan(size: number, sizes: readonly number[], latencies: readonly number[]): SizePlan {
  const common = { loadTimeoutMs: loadTimeoutFor(size) };
  if (size > TARGET_ROWS) {
    const latency = latencies.filter((l) => l === LARGE_LATENCY_MS);
    return {
      ...common,
      floorRuns: { before: 0, after: 1 },
      bffAlone: false,
      filterRounds: 1,
      conditions: "latency",
      latencies: latency,
      conditionRuns: 1,
      latencyFloor: "before",
      streamingRuns: 1,
      csvCheck: true,
    };
  }
  const full = size === Math.max(...sizes.filter((s) => s <= TARGET_ROWS));
  return {
    ...common,
    floorRuns: { before: 3, after: 3 },
    bffAlone: true,
    filterRounds: FILTER_ROUNDS,
    conditions: full ? "all" : "none",
    latencies: full ? [...latencies] : [],
    conditionRuns: CONDITION_RUNS,
    latencyFloor: "around",
    streamingRuns: full ? CONDITION_RUNS : 0,
    csvCheck: false,
  };
}
