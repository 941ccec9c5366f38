// The second viewer's floor in the browser (issue 21): a bare same-origin document whose worker
// reads and parses the same chunk answers as the page's worker, timed from navigation start to its
// last parsed answer. Its gap to the Node floor (bff-alone.ts) is the browser's own; the page's gap
// to it is the page's design (docs/decisions/0125).
import { CSRF_HEADERS } from "@/lib/contracts/csrf";
import { WIRE_CHUNK_ROWS } from "@/features/transactions/contracts";
import { DASHBOARD_URL, LOAD_TIMEOUT_MS } from "./config";
import { benchSession } from "./session";
import type { Visitor } from "./visitor";

const BARE_PATH = "/__bench/bare-floor";
const DONE = "bench:bare-done ";
const FAILED = "bench:bare-failed ";

/** The worker: the bff-alone loop, in the browser. */
function workerSource(origin: string): string {
  const headers = JSON.stringify(CSRF_HEADERS);
  return `(async () => {
    try {
      postMessage({ started: performance.timeOrigin + performance.now() });
      let since = 0;
      for (;;) {
        const response = await fetch(${JSON.stringify(origin)} + "/api/transactions?since=" + since + "&limit=${WIRE_CHUNK_ROWS}", { headers: ${headers} });
        if (!response.ok) throw new Error("chunk answered " + response.status);
        const chunk = await response.json();
        since = chunk.version;
        if (!chunk.more && !chunk.syncing) break;
      }
      postMessage("done");
    } catch (error) {
      postMessage("failed: " + error);
    }
  })();`;
}

function bareHtml(): string {
  const source = JSON.stringify(workerSource(DASHBOARD_URL));
  return `<!doctype html><html><head><meta charset="utf-8"><title>bare floor</title><script>
    const worker = new Worker(URL.createObjectURL(new Blob([${source}], { type: "text/javascript" })));
    let started = NaN;
    worker.onmessage = (event) => {
      if (event.data.started) started = event.data.started - performance.timeOrigin;
      else console.log(event.data === "done" ? "${DONE}" + JSON.stringify({ ms: performance.now(), workerStartedMs: started }) : "${FAILED}" + event.data);
    };
  </script></head><body></body></html>`;
}

/** From navigation start: the last answer parsed, and the worker's own start (its first line of script). */
export type BareBrowserRun = { ms: number; workerStartedMs: number };

/** One bare load in a new signed-in window of the visitor's browser, as the page is loaded (visitor.ts). */
export async function measureBareBrowserFloor(visitor: Visitor): Promise<BareBrowserRun> {
  const tab = await visitor.newPage(await benchSession("live"), { width: 1440, height: 900 });
  try {
    await tab.serve(`${DASHBOARD_URL}${BARE_PATH}`, bareHtml());
    const finished = tab.waitForConsole((text) => text.startsWith(DONE) || text.startsWith(FAILED), LOAD_TIMEOUT_MS);
    await tab.navigate(`${DASHBOARD_URL}${BARE_PATH}`);
    const text = await finished;
    if (text.startsWith(FAILED)) throw new Error(`bare browser floor: ${text.slice(FAILED.length)}`);
    return JSON.parse(text.slice(DONE.length)) as BareBrowserRun;
  } finally {
    await tab.close();
  }
}
