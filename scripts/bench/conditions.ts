// (b) under issue 21's conditions at one list size, judged on the median ratio of CONDITION_RUNS
// runs: a second viewer of a warm BFF against the Node and bare-browser floors, and an upstream
// L ms away (cold BFF, the floor read through the same latency). The loopback headline has no
// target: its floor alone keeps both cores busy (docs/decisions/0125).
import { type BareBrowserRun, measureBareBrowserFloor } from "./bare-browser-floor";
import { measureBffAlone } from "./bff-alone";
import { BARE_READS_PER_RUN, SECOND_VIEWER_RUNS, SIMULATOR_URL } from "./config";
import { meanCpu, type CpuGroups } from "./cpu";
import { type Floor, floorBefore, floorSeries, measureFloor } from "./floor";
import { type LoadMetrics, measureLoad } from "./list-metrics";
import { loadTimeoutFor } from "./size-plan";
import { median } from "./stats";
import type { Visitor } from "./visitor";

/**
 * `bare`: the second viewer's bare browser page, read just before the page (no target; see
 * bare-browser-floor.ts). `traced`: the second viewer's page loaded again right after `load`,
 * with a Chromium trace for its main-thread time; the ratio is read from the untraced load,
 * because the trace itself costs the page ~100 ms of its 2 cores (docs/performance.md,
 * "Nineteenth round").
 */
export type ConditionRun = { floor: Floor; load: LoadMetrics; bare?: BareBrowserRun[]; traced?: LoadMetrics };
/**
 * `bffAlone` (latency runs only, no target): the page's chunk answers read from a cold BFF by a
 * Node client (bff-alone.ts), no browser, against a floor read around it. The server path's own
 * ratio; the rest of the page's is the browser, which shares the 2 cores with the BFF.
 */
export type ConditionResult = {
  /** The list's rows. */
  size: number;
  latencyMs: number;
  warmBff: boolean;
  runs: ConditionRun[];
  bffAlone?: { ms: number; floor: Floor };
};

/** What differs from the headline run, in a few words. */
export function conditionName(c: ConditionResult): string {
  return c.warmBff ? "second viewer" : `upstream ${c.latencyMs} ms away`;
}

/** The name and what it means, for the report's table and the log. */
export function conditionLabel(c: ConditionResult): string {
  return `${conditionName(c)}: ${c.warmBff ? "the BFF already holds the list; floor: a Node client reading the same chunks from it" : `every /v1 answer delayed ${c.latencyMs} ms, cold BFF`}`;
}

export const runRatio = (run: ConditionRun) => run.load.allLoadedMs / run.floor.ms;

/** The runs' ratios, and the run whose ratio is the median (its figures stand for the condition). */
export function medianRun(c: ConditionResult): { ratio: number; ratios: number[]; run: ConditionRun } {
  const ratios = c.runs.map(runRatio);
  const ratio = median(ratios);
  const run = c.runs.reduce((best, r) => (Math.abs(runRatio(r) - ratio) < Math.abs(runRatio(best) - ratio) ? r : best));
  return { ratio, ratios, run };
}

/** Upstream round trips the latency runs use unless BENCH_LATENCIES says otherwise. */
export const DEFAULT_LATENCIES_MS = [5, 20];

async function setLatency(latencyMs: number): Promise<void> {
  const response = await fetch(`${SIMULATOR_URL}/_sim/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ latencyMs }),
  });
  if (!response.ok) throw new Error(`/_sim/faults answered ${response.status}`);
}

/** The warm BFF's chunks read by a Node client that parses them: the second viewer's floor. */
async function warmBffFloor(reads: number): Promise<Floor> {
  const runs: { ms: number; rows: number }[] = [];
  for (let i = 0; i < reads; i++) runs.push(await measureBffAlone());
  const times = runs.map((r) => r.ms);
  return { ms: median(times), coldMs: NaN, runs: times, rows: runs[0]?.rows ?? 0, firstPageMs: NaN, cpu: meanCpu([]) };
}

/**
 * The page again in new tabs while the dashboard that served the headline load still holds
 * the list, each against warm-BFF reads and bare browser pages just before it, and each
 * loaded once more with a trace for its main-thread time.
 */
export async function secondViewer(visitor: Visitor, size: number, groups: CpuGroups): Promise<ConditionResult> {
  const runs: ConditionRun[] = [];
  for (let i = 0; i < SECOND_VIEWER_RUNS; i++) {
    const floor = await warmBffFloor(3);
    const bare: BareBrowserRun[] = [];
    for (let j = 0; j < BARE_READS_PER_RUN; j++) bare.push(await measureBareBrowserFloor(visitor));
    const load = await measureLoad(visitor, size, loadTimeoutFor(size), groups);
    runs.push({ floor, bare, load, traced: await measureLoad(visitor, size, loadTimeoutFor(size), groups, { trace: true }) });
  }
  return { size, latencyMs: 0, warmBff: true, runs };
}

/**
 * Cold page loads with every upstream answer delayed by `latencyMs`, each against the floor read
 * through the same delay just before and just after it (floorSeries), or, with `floorReads: "before"`,
 * once before the first (floorBefore). `coldDashboard` restarts the dashboard, so the BFF's copy of
 * the list is cold again. `bffAlone: false` skips the BFF read alone (no target) where a read is
 * long (a million rows).
 */
export async function withLatency(
  visitor: Visitor,
  size: number,
  latencyMs: number,
  coldDashboard: () => Promise<void>,
  groups: () => CpuGroups,
  { runs: count, bffAlone = true, floorReads = "around" }: { runs: number; bffAlone?: boolean; floorReads?: "around" | "before" },
): Promise<ConditionResult> {
  await setLatency(latencyMs);
  try {
    const betweenFloors = await (floorReads === "around" ? floorSeries : floorBefore)(() => measureFloor(groups()));
    const runs: ConditionRun[] = [];
    for (let i = 0; i < count; i++) {
      const { floor, result: load } = await betweenFloors(async () => {
        await coldDashboard();
        return measureLoad(visitor, size, loadTimeoutFor(size), groups());
      });
      runs.push({ floor, load });
    }
    if (!bffAlone) return { size, latencyMs, warmBff: false, runs };
    const { floor, result: alone } = await betweenFloors(async () => {
      await coldDashboard();
      return measureBffAlone();
    });
    return { size, latencyMs, warmBff: false, runs, bffAlone: { ms: alone.ms, floor } };
  } finally {
    await setLatency(0);
  }
}
