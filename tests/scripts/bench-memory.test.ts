import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { groupRss, rssGrowth, statGroup, statusBytes } from "../../scripts/bench/memory";

const STATUS = "Name:\tnode\nVmPeak:\t 1200000 kB\nVmHWM:\t  300000 kB\nVmRSS:\t  250000 kB\nRssAnon:\t  200000 kB\n";

describe("the BFF's resident set (scripts/bench/memory.ts)", () => {
  it("reads VmRSS and VmHWM in bytes, and nothing for a process without them", () => {
    expect(statusBytes(STATUS, "VmRSS")).toBe(250_000 * 1024);
    expect(statusBytes(STATUS, "VmHWM")).toBe(300_000 * 1024);
    expect(statusBytes("Name:\tkthreadd\nState:\tS (sleeping)\n", "VmRSS")).toBeNull();
  });

  it("finds the process group after a command name holding spaces and parentheses", () => {
    expect(statGroup("4242 (next-server (v16)) S 4200 4201 4201 0 -1 4194560 1 0 0 0 5 6")).toBe(4201);
  });

  it("sums the group this test runs in: at least this process's own resident set", () => {
    const self = readFileSync("/proc/self/status", "utf8");
    const group = groupRss(statGroup(readFileSync("/proc/self/stat", "utf8")));
    expect(group.bytes).toBeGreaterThanOrEqual(statusBytes(self, "VmRSS")! * 0.5);
    expect(group.peakBytes).toBeGreaterThanOrEqual(group.bytes);
    expect(groupRss(-1)).toEqual({ bytes: 0, peakBytes: 0 });
  });

  it("reports growth as the load's before and after, and the peak by then", () => {
    expect(rssGrowth({ bytes: 100, peakBytes: 120 }, { bytes: 300, peakBytes: 400 })).toEqual({
      beforeBytes: 100,
      afterBytes: 300,
      peakBytes: 400,
    });
  });
});
