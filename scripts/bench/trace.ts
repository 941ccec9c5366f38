// Main-thread busy time of one page load, from a Chromium trace (issue 21): the union of
// the top-level tasks on the page's renderer main thread, so nested tasks count once. The
// transactions worker runs on its own thread in the same process and is not counted.
// Beside it, how long the thread actually ran in those tasks (the trace's thread time): on
// 2 shared cores a task's wall time also holds the time its thread waited for a core.
import type { CDPSession } from "@playwright/test";

type TraceEvent = {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread time: how long the thread ran during the event (µs). */
  tdur?: number;
  args?: Record<string, unknown>;
};

/** Wall time in the page's main-thread tasks, and the thread time the thread ran in them (ms). */
export type MainThreadTimes = { busyMs: number; runningMs: number };

export type Trace = { stop: () => Promise<TraceEvent[]> };

export async function startTrace(cdp: CDPSession): Promise<Trace> {
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", (event) => events.push(...(event.value as unknown as TraceEvent[])));
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,toplevel",
    transferMode: "ReportEvents",
  });
  return {
    stop: async () => {
      const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.end");
      await complete;
      return events;
    },
  };
}

/** The renderer the page committed in (the last navigation's process), its main thread's busy and running time in ms. */
export function mainThreadTimes(events: TraceEvent[]): MainThreadTimes {
  const committed = events
    .filter((e) => e.name === "FrameCommittedInBrowser")
    .map((e) => (e.args?.data as { processId?: number } | undefined)?.processId)
    .filter((pid): pid is number => typeof pid === "number");
  const pid = committed.at(-1);
  const thread = events.find(
    (e) => e.ph === "M" && e.name === "thread_name" && e.pid === pid && (e.args?.name as string) === "CrRendererMain",
  );
  if (pid === undefined || !thread) {
    console.warn("[bench] trace: no renderer main thread for the page");
    return { busyMs: NaN, runningMs: NaN };
  }
  const tasks = events
    .filter((e) => e.ph === "X" && e.pid === pid && e.tid === thread.tid && typeof e.dur === "number")
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // Outermost tasks never overlap; a nested event starts inside the one that holds it, whose
  // thread time covers its own. Only a nested event running past its holder's end adds wall time.
  let busy = 0;
  let running = 0;
  let outermostEnd = -Infinity;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    if (task.ts >= outermostEnd) {
      busy += task.dur!;
      running += task.tdur ?? 0;
      outermostEnd = end;
    } else if (end > outermostEnd) {
      busy += end - outermostEnd;
      outermostEnd = end;
    }
  }
  return { busyMs: busy / 1000, runningMs: running / 1000 };
}
