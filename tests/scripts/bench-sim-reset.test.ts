import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetSimulator } from "../../scripts/bench/sim-reset";
import { type RunningSimulator, startSimulator } from "@/simulator/server";

// A bench load ends when the page's totals equal the simulator's, read just before the load
// (scripts/bench/list-metrics.ts). A seeded pending row that settles during a load (the live
// seed's settle 160 s to ~60 min after a reset, in real time) makes the page right and that
// reading wrong: the load never ends. The bench's list must not change on its own.
let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, liveSize: 0, testSize: 0 });
});
afterAll(async () => {
  await sim?.close();
});

const totals = async () => (await (await fetch(`${sim.url}/_sim/totals?env=live&by=status`)).json()) as { items: { status: string }[] };

describe("the bench's simulator reset", () => {
  it("leaves a live list that no longer changes as time passes", async () => {
    await resetSimulator(2_000, sim.url);
    const before = await totals();
    expect(before.items.some((t) => t.status === "pending")).toBe(false);
    // Three hours later in the simulator's time: every seeded lifecycle would have run by then.
    const advanced = await fetch(`${sim.url}/_sim/advance`, { method: "POST", body: JSON.stringify({ seconds: 3 * 3600 }) });
    expect(advanced.ok).toBe(true);
    expect(await totals()).toEqual(before);
  });
});
