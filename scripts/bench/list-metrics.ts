// (a)–(d) for one list size: one fresh tab opens /transactions against a cold BFF, and
// the page itself records when the first row and the last row appear (performance.now()
// counts from navigation start). Then 50 filter changes made with real (trusted) clicks,
// each timed twice: by the browser's Event Timing API (event time to the next paint after
// its handlers, what INP uses) and in the page (click listener to the task after the
// frame that follows the table's DOM change). Then the heap after a forced GC.
import type { Browser, BrowserContext, CDPSession, Page } from "@playwright/test";
import { DASHBOARD_URL, FILTER_CHANGES } from "./config";
import { cpuBetween, sampleCpu, type CpuGroups, type CpuUse } from "./cpu";
import { signInLive } from "./session";

export type ListMetrics = {
  firstRowMs: number;
  /**
   * When the browser sent the request whose answer carries the first rows: the page's own
   * document request (the server renders the list's first page into it).
   */
  firstRequestMs: number;
  allLoadedMs: number;
  /** CPU of every party from just before navigation to the poll that saw every row (at most 100 ms after), and that window's length. */
  loadCpu: CpuUse;
  loadCpuWindowMs: number;
  rows: number;
  /** Event Timing: click to next paint, per change (16 = below the API's 16 ms threshold). */
  filterMs: number[];
  /** In-page: click listener to the task after the frame that showed the table's change. */
  filterInPageMs: number[];
  sortMs: number[];
  heapUsedBytes: number;
};

declare global {
  interface Window {
    __bench?: { firstRow?: number; allLoaded?: number; rows?: number };
    __events?: { name: string; interactionId: number; startTime: number; duration: number }[];
    __lastClickMs?: number;
  }
}

/** Installed before any page script: keeps every Event Timing entry of 16 ms or more. */
function watchEvents(): void {
  const events: NonNullable<Window["__events"]> = [];
  window.__events = events;
  new PerformanceObserver((list) => {
    // interactionId is in Chromium's Event Timing but not yet in TypeScript's DOM types.
    for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[])
      events.push({ name: e.name, interactionId: e.interactionId, startTime: e.startTime, duration: e.duration });
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** Arms the in-page timer for the next click: click listener → first DOM change of the screen → rAF → task. */
function armClickTimer(): void {
  window.__lastClickMs = undefined;
  const screen = document.querySelector('[data-testid="match-count"]')?.parentElement;
  if (!screen) throw new Error("no transactions screen");
  document.addEventListener(
    "click",
    () => {
      const started = performance.now();
      const observer = new MutationObserver(() => {
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => (window.__lastClickMs = performance.now() - started), 0));
      });
      observer.observe(screen, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    { capture: true, once: true },
  );
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

/** The chip (in the fieldset with that legend) or, for group "", the table's sort header button. */
function buttonFor(page: Page, [group, label]: [string, string]) {
  const scope =
    group === ""
      ? page.locator('[aria-label="Transactions table"] thead')
      : page.locator("fieldset", { has: page.locator(`legend:text-is("${group}")`) });
  return scope.getByRole("button", { name: label, exact: group !== "" }).first();
}

/** One trusted click, timed both ways; resolves once the in-page timer has fired and Event Timing has reported. */
async function timedClick(page: Page, target: [string, string]): Promise<{ eventMs: number; inPageMs: number }> {
  const button = buttonFor(page, target);
  await button.scrollIntoViewIfNeeded();
  const seen = await page.evaluate(() => window.__events?.length ?? 0);
  await page.evaluate(armClickTimer);
  await button.click();
  await page.waitForFunction(() => window.__lastClickMs !== undefined, undefined, { polling: "raf" });
  // Event Timing entries are delivered after the paint they measure; give the observer a moment.
  await page.waitForTimeout(50);
  return page.evaluate((from) => {
    const fresh = (window.__events ?? []).slice(from).filter((e) => e.interactionId > 0);
    const last = fresh.at(-1)?.interactionId;
    const durations = fresh.filter((e) => e.interactionId === last).map((e) => e.duration);
    return { eventMs: durations.length ? Math.max(...durations) : 16, inPageMs: window.__lastClickMs! };
  }, seen);
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

/** How one page load went: (a) and (b), and the CPU every party spent on it. */
export type LoadMetrics = Pick<ListMetrics, "firstRowMs" | "firstRequestMs" | "allLoadedMs" | "loadCpu" | "loadCpuWindowMs" | "rows">;

/** Opens /transactions in a fresh signed-in tab and waits for every row; the tab stays open for what the caller measures next. */
async function loadList(
  context: BrowserContext,
  expectedRows: number,
  timeoutMs: number,
  groups: CpuGroups,
): Promise<{ page: Page; load: LoadMetrics }> {
  await signInLive(context);
  // tsx (esbuild keepNames) wraps inner functions in __name(); the page has no such helper.
  await context.addInitScript({ content: "globalThis.__name = (fn) => fn;" });
  await context.addInitScript(watchLoad);
  await context.addInitScript(watchEvents);
  const page = await context.newPage();
  const cpuBefore = sampleCpu(groups);
  const windowStart = performance.now();
  await page.goto(`${DASHBOARD_URL}/transactions`, { waitUntil: "commit" });
  await page.waitForFunction(() => window.__bench?.allLoaded !== undefined, undefined, { timeout: timeoutMs, polling: 100 });
  const loadCpu = cpuBetween(cpuBefore, sampleCpu(groups));
  const loadCpuWindowMs = performance.now() - windowStart;
  const marks = await page.evaluate(() => ({
    ...window.__bench!,
    firstRequest: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.requestStart ?? NaN,
  }));
  if (marks.rows !== expectedRows) console.warn(`[bench] expected ${expectedRows} rows, the page says ${marks.rows}`);
  return {
    page,
    load: {
      firstRowMs: marks.firstRow!,
      firstRequestMs: marks.firstRequest,
      allLoadedMs: marks.allLoaded!,
      loadCpu,
      loadCpuWindowMs,
      rows: marks.rows!,
    },
  };
}

const VIEWPORT = { width: 1440, height: 900 };

/** (a) and (b) alone: one tab loads the list, nothing else is timed. */
export async function measureLoad(browser: Browser, expectedRows: number, timeoutMs: number, groups: CpuGroups): Promise<LoadMetrics> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    return (await loadList(context, expectedRows, timeoutMs, groups)).load;
  } finally {
    await context.close();
  }
}

export async function measureList(browser: Browser, expectedRows: number, timeoutMs: number, groups: CpuGroups): Promise<ListMetrics> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const { page, load } = await loadList(context, expectedRows, timeoutMs, groups);
    const cdp = await context.newCDPSession(page);
    await settle(page);
    const heapUsedBytes = await heapAfterGc(cdp);

    const filterMs: number[] = [];
    const filterInPageMs: number[] = [];
    for (let i = 0; i < FILTER_CHANGES; i++) {
      const { eventMs, inPageMs } = await timedClick(page, FILTER_CYCLE[i % FILTER_CYCLE.length]!);
      filterMs.push(eventMs);
      filterInPageMs.push(inPageMs);
      await settle(page);
    }
    // Not a target, but the slowest interaction on the page: re-sorting every row by amount.
    const sortMs: number[] = [];
    for (let i = 0; i < 6; i++) {
      sortMs.push((await timedClick(page, ["", i % 2 === 0 ? "Amount" : "Created"])).eventMs);
      await settle(page);
    }
    return { ...load, filterMs, filterInPageMs, sortMs, heapUsedBytes };
  } finally {
    await context.close();
  }
}
