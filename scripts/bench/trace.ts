// Main-thread busy time of one page load, from a Chromium trace (issue 21): the union of
// the top-level tasks on the page's renderer main thread, so nested tasks count once. The
// transactions worker runs on its own thread in the same process and is not counted.
// Beside it, how long the thread actually ran in those tasks (the trace's thread time): on
// 2 shared cores a task's wall time also holds the time its thread waited for a core.

/** One event of a Chromium trace, as much of it as the bench reads. */
export type TraceEvent = {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread time: how long the thread ran during the event (µs). */
  tdur?: number;
  /** Ties a profile's chunks to their profile (V8's sampling events). */
  id?: string;
  args?: Record<string, unknown>;
};

/** Wall time in the page's main-thread tasks, and the thread time the thread ran in them (ms). */
export type MainThreadTimes = { busyMs: number; runningMs: number };

export type Trace = { stop: () => Promise<TraceEvent[]> };

/** What a trace needs of a DevTools session (the visitor's browser session, visitor.ts). */
export type TraceSession = {
  send: <T = unknown>(method: string, params?: Record<string, unknown>) => Promise<T>;
  on: (event: string, listener: (params: Record<string, unknown>) => void) => void;
  once: (event: string, listener: (params: Record<string, unknown>) => void) => void;
  off: (event: string, listener: (params: Record<string, unknown>) => void) => void;
};

/** The timeline's categories; a profile adds V8's sampler (page-ab.ts). */
export const TIMELINE_CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline,toplevel";

export async function startTrace(cdp: TraceSession, categories = TIMELINE_CATEGORIES): Promise<Trace> {
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", (event) => events.push(...(event.value as TraceEvent[])));
  await cdp.send("Tracing.start", {
    categories,
    transferMode: "ReportEvents",
  });
  return {
    stop: async () => {
      const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
      await cdp.send("Tracing.end");
      await complete;
      return events;
    },
  };
}

/**
 * The renderer the page committed in (the last outermost main frame's commit in the trace: the
 * navigation the load made), its main thread's busy and running time in ms.
 */
export function mainThreadTimes(events: TraceEvent[]): MainThreadTimes {
  const pid = events
    .filter((e) => e.name === "CommitLoad" && (e.args?.data as { isOutermostMainFrame?: boolean } | undefined)?.isOutermostMainFrame)
    .sort((a, b) => a.ts - b.ts)
    .at(-1)?.pid;
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
