import { describe, expect, it } from "vitest";
import { CONDITION_RUNS, FILTER_ROUNDS, LOAD_TIMEOUT_MS } from "../../scripts/bench/config";
import { loadTimeoutFor, sizePlan } from "../../scripts/bench/size-plan";

describe("sizePlan (what the bench runs at each list size)", () => {
  it("keeps the default run as it was: everything, in full, at 100,000 rows", () => {
    expect(sizePlan(100_000, [100_000], [5, 20])).toEqual({
      floorRuns: { before: 3, after: 3 },
      bffAlone: true,
      filterRounds: FILTER_ROUNDS,
      conditions: "all",
      latencies: [5, 20],
      conditionRuns: CONDITION_RUNS,
      latencyFloor: "around",
      streamingRuns: CONDITION_RUNS,
      loadTimeoutMs: LOAD_TIMEOUT_MS,
      csvCheck: false,
    });
  });

  it("runs the conditions at the largest size up to 100,000 only", () => {
    expect(sizePlan(20_000, [20_000, 100_000], [5, 20])).toMatchObject({ conditions: "none", latencies: [], streamingRuns: 0 });
    expect(sizePlan(20_000, [20_000], [5, 20])).toMatchObject({ conditions: "all", latencies: [5, 20] });
    // A million beside 100,000 does not take the full conditions from it.
    expect(sizePlan(100_000, [100_000, 1_000_000], [5, 20])).toMatchObject({ conditions: "all", streamingRuns: CONDITION_RUNS });
  });

  it("runs a million rows once each: the 20 ms condition only against one floor read, one filter round, one streaming load, no BFF-alone read, the CSV check", () => {
    expect(sizePlan(1_000_000, [100_000, 1_000_000], [5, 20])).toEqual({
      floorRuns: { before: 0, after: 1 },
      bffAlone: false,
      filterRounds: 1,
      conditions: "latency",
      latencies: [20],
      conditionRuns: 1,
      latencyFloor: "before",
      streamingRuns: 1,
      loadTimeoutMs: 600_000,
      csvCheck: true,
    });
    // BENCH_LATENCIES without 20 (or 0) leaves no latency run at a million.
    expect(sizePlan(1_000_000, [1_000_000], [5]).latencies).toEqual([]);
    expect(sizePlan(1_000_000, [1_000_000], []).latencies).toEqual([]);
  });

  it("gives a page load more time only above 500,000 rows", () => {
    expect(loadTimeoutFor(100_000)).toBe(LOAD_TIMEOUT_MS);
    expect(loadTimeoutFor(500_000)).toBe(LOAD_TIMEOUT_MS);
    expect(loadTimeoutFor(1_000_000)).toBe(600_000);
  });
});
