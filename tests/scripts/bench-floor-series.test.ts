import { describe, expect, it } from "vitest";
import { meanCpu } from "../../scripts/bench/cpu";
import { floorBefore, type FloorRun, floorSeries } from "../../scripts/bench/floor";

/** Floor reads of 100, 200, 300… ms in turn, each logged, as the series asks for them. */
function reads(log: string[]) {
  let n = 0;
  return (): Promise<FloorRun> => {
    n += 1;
    log.push(`read ${n}`);
    return Promise.resolve({ ms: n * 100, rows: 1_000, firstPageMs: n, cpu: meanCpu([]) });
  };
}

describe("floorSeries (the latency runs' floor)", () => {
  it("compares each measurement with the read just before it and the one just after it, sharing the reads between two", async () => {
    const log: string[] = [];
    const between = await floorSeries(reads(log));
    const first = await between(() => Promise.resolve(log.push("load A")));
    const second = await between(() => Promise.resolve(log.push("load B")));
    expect(log).toEqual(["read 1", "load A", "read 2", "load B", "read 3"]);
    // The reference is the median of the two (nearest rank: the faster); no cold read.
    expect(first.floor).toMatchObject({ coldMs: NaN, runs: [100, 200], ms: 100, firstPageMs: 1 });
    expect(second.floor).toMatchObject({ coldMs: NaN, runs: [200, 300], ms: 200, firstPageMs: 2 });
  });

  it("answers what the measurement answered", async () => {
    const between = await floorSeries(reads([]));
    expect((await between(() => Promise.resolve({ allLoadedMs: 1234 }))).result).toEqual({ allLoadedMs: 1234 });
  });
});

describe("floorBefore (a million rows' 20 ms floor)", () => {
  it("reads the floor once, before the first measurement, and compares every measurement with it", async () => {
    const log: string[] = [];
    const between = await floorBefore(reads(log));
    const first = await between(() => Promise.resolve(log.push("load A")));
    const second = await between(() => Promise.resolve(log.push("load B")));
    expect(log).toEqual(["read 1", "load A", "load B"]);
    expect(first.floor).toMatchObject({ coldMs: NaN, runs: [100], ms: 100, firstPageMs: 1 });
    expect(second.floor).toEqual(first.floor);
    expect(second.result).toBe(3);
  });
});
