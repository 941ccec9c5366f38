// (b) under the conditions the headline run leaves out, at one list size. The headline
// is the hardest case this machine can show: a cold BFF, and a simulator on loopback
// that answers in well under a millisecond, so the floor is nothing but CPU and every
// cycle the BFF and Chromium spend competes with it on the same 2 cores. Two other
// cases decide what staff actually wait for:
//   - a second viewer: the BFF already holds the list (the ten-staff case the shared
//     copy exists for), against the same floor as the headline;
//   - an upstream that is a network away: every /v1 answer leaves the simulator L ms
//     after its request arrived (its documented latencyMs fault), and the floor is read
//     through the same latency in the same run.
import type { Browser } from "@playwright/test";
import { LOAD_TIMEOUT_MS, SIMULATOR_URL } from "./config";
import type { CpuGroups } from "./cpu";
import { aroundFloor, type Floor } from "./floor";
import { type LoadMetrics, measureLoad } from "./list-metrics";

export type ConditionResult = { latencyMs: number; warmBff: boolean; floor: Floor; load: LoadMetrics };

/** What differs from the headline run, in a few words. */
export function conditionName(c: ConditionResult): string {
  return c.warmBff ? "second viewer" : `upstream ${c.latencyMs} ms away`;
}

/** The name and what it means, for the report's table and the log. */
export function conditionLabel(c: ConditionResult): string {
  return `${conditionName(c)}: ${c.warmBff ? "the BFF already holds the list" : `every /v1 answer delayed ${c.latencyMs} ms, cold BFF`}`;
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

/** The page again in a new tab while the dashboard that served the headline load still holds the list. */
export async function secondViewer(browser: Browser, size: number, floor: Floor, groups: CpuGroups): Promise<ConditionResult> {
  const load = await measureLoad(browser, size, LOAD_TIMEOUT_MS, groups);
  return { latencyMs: 0, warmBff: true, floor, load };
}

/**
 * A cold page load with every upstream answer delayed by `latencyMs`, against a floor read
 * through the same delay before and after it. `coldDashboard` restarts the dashboard, so the
 * BFF's copy of the list is cold again.
 */
export async function withLatency(
  browser: Browser,
  size: number,
  latencyMs: number,
  coldDashboard: () => Promise<void>,
  groups: () => CpuGroups,
): Promise<ConditionResult> {
  await setLatency(latencyMs);
  try {
    // Fewer floor reads than the headline's 3 + 3: at 20 ms one read of 100,000 rows takes ~6 s.
    const { floor, result: load } = await aroundFloor(groups, { before: 2, after: 1 }, async () => {
      await coldDashboard();
      return measureLoad(browser, size, LOAD_TIMEOUT_MS, groups());
    });
    return { latencyMs, warmBff: false, floor, load };
  } finally {
    await setLatency(0);
  }
}
