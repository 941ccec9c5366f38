import { describe, expect, it } from "vitest";
import type { ConditionResult } from "../../scripts/bench/conditions";
import { meanCpu } from "../../scripts/bench/cpu";
import type { ListMetrics } from "../../scripts/bench/list-metrics";
import { type BenchResult, largeVerdicts, memoryLine, type SizeResult } from "../../scripts/bench/report";

const MB = 1024 * 1024;
const cpu = meanCpu([]);
const floor = { ms: 60_000, coldMs: NaN, runs: [60_000], rows: 1_000_000, firstPageMs: 30, cpu };

function list(overrides: Partial<ListMetrics> = {}): ListMetrics {
  return {
    firstRowMs: 300,
    firstRequestMs: 100,
    allLoadedMs: 40_000,
    loadCpu: cpu,
    loadCpuWindowMs: 40_000,
    rows: 1_000_000,
    totalsGroups: 24,
    filterMs: [20, 30, 40],
    filterInPageMs: [10],
    filterRoundP95: [40],
    sortMs: [200],
    heapUsedBytes: 30 * MB,
    workerHeapUsedBytes: 150 * MB,
    workers: 1,
    bffRss: { beforeBytes: 200 * MB, afterBytes: 400 * MB, peakBytes: 500 * MB },
    csv: {
      filter: { status: "success", currency: "BDT" },
      headerEqual: true,
      fullRows: 1_000_000,
      filteredRows: 230_000,
      matchingRows: 230_000,
      firstDifference: null,
      fullMs: 9_000,
      filteredMs: 2_500,
      compareMs: 4_000,
    },
    ...overrides,
  };
}

function size(l: ListMetrics, wallMs = 5 * 60_000): SizeResult {
  return { size: 1_000_000, floor, bffAlone: null, list: l, streamingClicks: [[16, 40, 90]], wallMs };
}

/** A 20 ms run at a million rows whose load took `allLoadedMs` against the 60 s floor. */
function latency(allLoadedMs: number): ConditionResult {
  const load = { ...list(), allLoadedMs, mainThread: null };
  return { size: 1_000_000, latencyMs: 20, warmBff: false, runs: [{ floor, load }] };
}

const result = (conditions: ConditionResult[]) => ({ conditions, machine: { nproc: 2 } }) as unknown as BenchResult;

describe("the million-row targets in the report (issue 60)", () => {
  it("judges every target of the size, each met", () => {
    const lines = largeVerdicts(size(list()), result([latency(62_000)])).join("\n");
    expect(lines).toContain("### Targets at 1,000,000 rows");
    expect(lines).toContain("(a) first rows within one page round trip + 250 ms of the request that brings them: met (200 ms");
    expect(lines).toContain("filter change, Event Timing p95 ≤ 50 ms (1 round(s) of 50 clicks): met (40 ms)");
    expect(lines).toContain("A click while rows stream in, Event Timing p95 ≤ 100 ms: met (90 ms over 3 clicks)");
    expect(lines).toContain("≤ 200.0 MB: met (page 30.0 MB + 1 worker(s) 150.0 MB = 180.0 MB)");
    expect(lines).toContain("≤ 250.0 MB: met (+200.0 MB: 200.0 MB → 400.0 MB; peak 500.0 MB)");
    expect(lines).toContain("(b) upstream 20 ms away ≤ 1.05× (median of 1): met (1.03;");
    expect(lines).toContain(
      "equal the simulator's (`GET /_sim/totals`, read before the load; the load ends only then): met (24 groups, 1,000,000 rows counted)",
    );
    expect(lines).toContain(
      "- A filtered CSV (status success, currency BDT, set with the page's chips) is exactly the full export's matching rows, in order, under the same header: met (230,000 rows in the filtered file, 230,000 of the full file's 1,000,000 match; exported in 9.00 s and 2.50 s, compared in 4.00 s).",
    );
    expect(lines).toContain("≤ 6 min: met (5.0 min)");
    expect(lines).not.toContain("not met");
  });

  it("says which targets are missed: the worker's heap counts in the tab's memory, and the RSS growth is after against before", () => {
    const heavy = list({ workerHeapUsedBytes: 180 * MB, bffRss: { beforeBytes: 100 * MB, afterBytes: 400 * MB, peakBytes: 400 * MB } });
    const lines = largeVerdicts(size(heavy, 7 * 60_000), result([latency(66_000)]));
    expect(lines.find((l) => l.includes("tab's memory"))).toContain("**not met** (page 30.0 MB + 1 worker(s) 180.0 MB = 210.0 MB)");
    expect(lines.find((l) => l.includes("RSS growth"))).toContain("**not met** (+300.0 MB");
    expect(lines.find((l) => l.includes("20 ms away"))).toContain("**not met** (1.10;");
    expect(lines.find((l) => l.includes("share of the bench"))).toContain("**not met** (7.0 min)");
    expect(lines.find((l) => l.includes("Exact to the cent"))).toContain(": met");
  });

  it("says where a filtered CSV parts from the full export, or that it was not checked", () => {
    const csv = { ...list().csv!, filteredRows: 229_999, firstDifference: "the filtered file ends after 229,999 rows" };
    const line = largeVerdicts(size(list({ csv })), result([])).find((l) => l.includes("filtered CSV"));
    expect(line).toContain(
      "**not met** (229,999 rows in the filtered file, 230,000 of the full file's 1,000,000 match; the filtered file ends",
    );
    const headers = largeVerdicts(size(list({ csv: { ...list().csv!, headerEqual: false } })), result([]));
    expect(headers.find((l) => l.includes("filtered CSV"))).toContain(
      "**not met** (230,000 rows in the filtered file, 230,000 of the full file's 1,000,000 match; the headers differ;",
    );
    expect(largeVerdicts(size(list({ csv: null })), result([]))).toContain("- A filtered CSV against the full export: not checked.");
  });

  it("is not exact when the rows counted differ from the list's", () => {
    const lines = largeVerdicts(size(list({ rows: 999_999 })), result([]));
    expect(lines.find((l) => l.includes("Exact to the cent"))).toContain("**not met** (24 groups, 999,999 rows counted)");
    expect(lines.find((l) => l.includes("20 ms away"))).toContain("not measured");
  });

  it("logs the heaps and the BFF's resident set of one load", () => {
    expect(memoryLine(list())).toBe(
      "JS heaps after a GC: page 30.0 MB + worker 150.0 MB (1 worker) = 180.0 MB; BFF RSS 200.0 MB → 400.0 MB (+200.0 MB; peak 500.0 MB)",
    );
    expect(memoryLine(list({ bffRss: null, workers: 0, workerHeapUsedBytes: 0 }))).toContain("(0 workers) = 30.0 MB; BFF RSS not read");
  });
});
