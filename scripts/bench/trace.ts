// Main-thread busy time of one page load, from a Chromium trace (issue 21): the union of
// the top-level tasks on the page's renderer main thread, so nested tasks count once. The
// transactions worker runs on its own thread in the same process and is not counted.
import type { CDPSession } from "@playwright/test";

type TraceEvent = { ph: string; name: string; pid: number; tid: number; ts: number; dur?: number; args?: Record<string, unknown> };

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

/** The renderer the page committed in (the last navigation's process), its main thread, busy time in ms. */
export function mainThreadBusyMs(events: TraceEvent[]): number {
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
    return NaN;
  }
  const spans = events
    .filter((e) => e.ph === "X" && e.pid === pid && e.tid === thread.tid && typeof e.dur === "number")
    .map((e) => [e.ts, e.ts + e.dur!] as const)
    .sort((a, b) => a[0] - b[0]);
  let busy = 0;
  let open: [number, number] | null = null;
  for (const [start, end] of spans) {
    if (open === null || start > open[1]) {
      if (open) busy += open[1] - open[0];
      open = [start, end];
    } else open[1] = Math.max(open[1], end);
  }
  if (open) busy += open[1] - open[0];
  return busy / 1000;
}
