// (a)–(d) for one list size: one fresh tab opens /transactions against a cold BFF, and
// the page itself records when the first row and the last row appear (performance.now()
// counts from navigation start). Then 50 filter changes, timed in the page from the
// click to the frame after the table's DOM changed, and the heap after a forced GC.
import type { Browser, CDPSession, Page } from "@playwright/test";
import { DASHBOARD_URL, FILTER_CHANGES } from "./config";
import { signInLive } from "./session";

export type ListMetrics = {
  firstRowMs: number;
  /** When the page asked the BFF for its first chunk: the first rows cannot come earlier than this plus one round trip. */
  firstRequestMs: number;
  allLoadedMs: number;
  rows: number;
  filterMs: number[];
  sortMs: number[];
  heapUsedBytes: number;
};

declare global {
  interface Window {
    __bench?: { firstRow?: number; allLoaded?: number; rows?: number };
  }
}

/** Installed before any page script: watches the DOM for the first row and for "Loaded N of N". */
function watchLoad(): void {
  const marks: NonNullable<Window["__bench"]> = {};
  window.__bench = marks;
  const check = () => {
    if (marks.firstRow === undefined && document.querySelector('[data-testid="tx-row"]')) marks.firstRow = performance.now();
    const text = document.querySelector('[data-testid="load-progress"] [role="status"]')?.textContent ?? "";
    const match = /^Loaded ([\d,]+) of ([\d,]+)$/.exec(text.trim());
    if (match && marks.allLoaded === undefined && match[1] === match[2]) {
      marks.allLoaded = performance.now();
      marks.rows = Number(match[1]!.replaceAll(",", ""));
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
}

/** Clicks a chip or header button and resolves with ms from the click to the frame after the table changed. */
function timedClick([group, label]: [string, string]): Promise<number> {
  // "" is the table's own header (sort buttons); otherwise the filter fieldset with that legend.
  const scope =
    group === ""
      ? document.querySelector('[aria-label="Transactions table"] thead')
      : [...document.querySelectorAll("fieldset")].find((f) => f.querySelector("legend")?.textContent === group);
  const button = [...(scope?.querySelectorAll("button") ?? [])].find((b) => b.textContent?.replace(/[▲▼↕]/g, "").trim() === label);
  // The screen holding the match count and the table (or its empty state).
  const table = document.querySelector('[data-testid="match-count"]')?.parentElement;
  if (!button || !table) return Promise.reject(new Error(`no button ${group}/${label} or no transactions screen`));
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      // The frame that shows the change is painted before a task queued from its rAF runs.
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
    });
    observer.observe(table, { subtree: true, childList: true, attributes: true, characterData: true });
    const started = performance.now();
    button.click();
  });
}

/**
 * Chips toggled on and off in turn; every step changes the matching rows and none
 * empties the table (India has no payouts, few rows are pending, so neither is used).
 */
const FILTER_CYCLE: [string, string][] = [
  ["Rail", "Bangladesh"],
  ["Status", "Success"],
  ["Rail", "Bangladesh"],
  ["Type", "Payout"],
  ["Status", "Success"],
  ["Rail", "Brazil"],
  ["Type", "Payout"],
  ["Status", "Failed"],
  ["Rail", "Brazil"],
  ["Status", "Failed"],
];

/**
 * A person's pace between two clicks: half a second, then an idle moment. The work that
 * follows the table's frame (totals, charts, the throttled URL update 300 ms later) runs
 * in between, as it would for a person; it is not part of click-to-table-paint.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 2000 }), 500)));
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  return usedSize;
}

export async function measureList(browser: Browser, expectedRows: number, timeoutMs: number): Promise<ListMetrics> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await signInLive(context);
    // tsx (esbuild keepNames) wraps inner functions in __name(); the page has no such helper.
    await context.addInitScript({ content: "globalThis.__name = (fn) => fn;" });
    await context.addInitScript(watchLoad);
    const page = await context.newPage();
    await page.goto(`${DASHBOARD_URL}/transactions`, { waitUntil: "commit" });
    await page.waitForFunction(() => window.__bench?.allLoaded !== undefined, undefined, { timeout: timeoutMs, polling: 250 });
    const marks = await page.evaluate(() => ({
      ...window.__bench!,
      firstRequest: performance.getEntriesByType("resource").find((e) => e.name.includes("/api/transactions?since=0"))?.startTime ?? NaN,
    }));
    if (marks.rows !== expectedRows) console.warn(`[bench] expected ${expectedRows} rows, the page says ${marks.rows}`);

    const cdp = await context.newCDPSession(page);
    await settle(page);
    const heapUsedBytes = await heapAfterGc(cdp);

    const filterMs: number[] = [];
    for (let i = 0; i < FILTER_CHANGES; i++) {
      filterMs.push(await page.evaluate(timedClick, FILTER_CYCLE[i % FILTER_CYCLE.length]!));
      await settle(page);
    }
    // Not a target, but the slowest interaction on the page: re-sorting every row by amount.
    const sortMs: number[] = [];
    for (let i = 0; i < 6; i++) {
      sortMs.push(await page.evaluate(timedClick, ["", i % 2 === 0 ? "Amount" : "Created"] as [string, string]));
      await settle(page);
    }
    return { firstRowMs: marks.firstRow!, firstRequestMs: marks.firstRequest, allLoadedMs: marks.allLoaded!, rows: marks.rows!, filterMs, sortMs, heapUsedBytes };
  } finally {
    await context.close();
  }
}
