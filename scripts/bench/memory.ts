// Memory figures of issue 60: the BFF's resident set from /proc (its whole process group, in case
// the server forks), and the JS heaps of a tab's page and of its dedicated workers, after a GC.
import { readdirSync, readFileSync } from "node:fs";
import type { CDPSession } from "@playwright/test";

/** Resident and peak resident bytes of a process group (the servers the bench starts lead their own). */
type Rss = { bytes: number; peakBytes: number };

/**
 * A `/proc/PID/status` field in kB ("VmRSS:\t  123456 kB"), as bytes; null when absent (a kernel thread).
 * @internal
 */
export function statusBytes(status: string, field: "VmRSS" | "VmHWM"): number | null {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

/**
 * The process group in a `/proc/PID/stat` line (its 5th field; comm, the 2nd, may hold spaces and parentheses).
 * @internal
 */
export function statGroup(stat: string): number {
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
}

function read(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null; // The process ended between the listing and the read.
  }
}

/** The summed VmRSS and VmHWM of every process in group `pgid`. */
export function groupRss(pgid: number): Rss {
  const rss: Rss = { bytes: 0, peakBytes: 0 };
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (!stat || statGroup(stat) !== pgid) continue;
    const status = read(`/proc/${name}/status`) ?? "";
    rss.bytes += statusBytes(status, "VmRSS") ?? 0;
    rss.peakBytes += statusBytes(status, "VmHWM") ?? 0;
  }
  return rss;
}

/** The BFF's resident set before a load and after it (`peakBytes`: the high-water mark by then). */
export type RssGrowth = { beforeBytes: number; afterBytes: number; peakBytes: number };

export const rssGrowth = (before: Rss, after: Rss): RssGrowth => ({
  beforeBytes: before.bytes,
  afterBytes: after.bytes,
  peakBytes: after.peakBytes,
});

/** The JS heap in use after a full GC, in the tab's page and summed over its dedicated workers. */
type TabHeap = { pageBytes: number; workerBytes: number; workers: number };

type Usage = { usedSize: number };

/**
 * Reads a tab's heaps through `cdp`, the page's session. Playwright's CDPSession cannot address a
 * flattened child session, so the workers are attached unflattened and spoken to through
 * Target.sendMessageToTarget; they are detached again before the clicks that follow.
 */
export async function tabHeapAfterGc(cdp: CDPSession): Promise<TabHeap> {
  const workers: string[] = [];
  const replies = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  let nextId = 0;
  const onAttached = (event: { sessionId: string; targetInfo: { type: string } }) => {
    if (event.targetInfo.type === "worker") workers.push(event.sessionId);
  };
  const onMessage = (event: { message: string }) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: unknown };
    if (message.id !== undefined) replies.get(message.id)?.(message);
  };
  const send = <T>(sessionId: string, method: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId;
      replies.set(id, (message) =>
        message.error ? reject(new Error(`${method}: ${JSON.stringify(message.error)}`)) : resolve(message.result as T),
      );
      cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method }) }).catch(reject);
    });
  cdp.on("Target.attachedToTarget", onAttached);
  cdp.on("Target.receivedMessageFromTarget", onMessage);
  try {
    // Attaching reports the workers already running before the call answers.
    await cdp.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    let workerBytes = 0;
    for (const sessionId of workers) {
      await send(sessionId, "HeapProfiler.collectGarbage");
      workerBytes += (await send<Usage>(sessionId, "Runtime.getHeapUsage")).usedSize;
    }
    await cdp.send("HeapProfiler.collectGarbage");
    const { usedSize } = await cdp.send("Runtime.getHeapUsage");
    return { pageBytes: usedSize, workerBytes, workers: workers.length };
  } finally {
    await cdp.send("Target.setAutoAttach", { autoAttach: false, waitForDebuggerOnStart: false, flatten: false });
    for (const sessionId of workers) await cdp.send("Target.detachFromTarget", { sessionId }).catch(() => undefined);
    cdp.off("Target.attachedToTarget", onAttached);
    cdp.off("Target.receivedMessageFromTarget", onMessage);
  }
}
