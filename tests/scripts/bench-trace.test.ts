import { describe, expect, it, vi } from "vitest";
import { mainThreadTimes } from "@/scripts/bench/trace";

const PID = 7;
const MAIN = 1;
const meta = [
  // An earlier commit in another renderer (the blank page the tab opened with), then the page's.
  { ph: "X", name: "CommitLoad", pid: 3, tid: 3, ts: 0, dur: 1, args: { data: { isOutermostMainFrame: true, url: "about:blank" } } },
  { ph: "X", name: "CommitLoad", pid: PID, tid: MAIN, ts: 5, dur: 0, args: { data: { isOutermostMainFrame: true, url: "http://x/" } } },
  // A subframe's commit later, in yet another renderer, is not the page's.
  { ph: "X", name: "CommitLoad", pid: 9, tid: 9, ts: 9, dur: 1, args: { data: { isOutermostMainFrame: false } } },
  { ph: "M", name: "thread_name", pid: PID, tid: MAIN, ts: 0, args: { name: "CrRendererMain" } },
];
const task = (ts: number, dur: number, tdur: number, tid = MAIN) => ({ ph: "X", name: "RunTask", pid: PID, tid, ts, dur, tdur });

describe("mainThreadTimes", () => {
  it("counts nested events once, in wall time and in the thread's own time", () => {
    const events = [...meta, task(1_000, 10_000, 4_000), task(1_000, 6_000, 3_000), task(2_000, 1_000, 1_000), task(20_000, 5_000, 5_000)];
    expect(mainThreadTimes(events)).toEqual({ busyMs: 15, runningMs: 9 });
  });

  it("counts back-to-back tasks as two and leaves other threads out", () => {
    const events = [...meta, task(0, 2_000, 1_000), task(2_000, 2_000, 2_000), task(0, 50_000, 50_000, 99)];
    expect(mainThreadTimes(events)).toEqual({ busyMs: 4, runningMs: 3 });
  });

  it("counts the wall time of an event that runs past the task holding it, once", () => {
    const events = [...meta, task(0, 4_000, 3_000), task(3_000, 2_000, 2_000), task(3_500, 500, 500)];
    expect(mainThreadTimes(events)).toEqual({ busyMs: 5, runningMs: 3 });
  });

  it("says NaN, and warns, when the trace has no main thread for the page", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(mainThreadTimes([task(0, 1_000, 1_000)])).toEqual({ busyMs: NaN, runningMs: NaN });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
