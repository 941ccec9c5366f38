import Decimal from "decimal.js";
import { type FeedSummary, type FromWorker, wakeMessage } from "../features/transactions/worker-protocol";
import { startModeOf } from "../features/transactions/worker/url";
import { expect, test } from "./fixtures";
import { SIMULATOR_URL } from "./env";
import { holdRequests } from "./hold-requests";
import {
  downloadCsv,
  expectFullyLoaded,
  expectMatchCount,
  injectTransaction,
  recordListReads,
  simTransactions,
  type SimTx,
  syncDashboard,
  useLiveMode,
} from "./transactions-helpers";

// Live holds the seeded 300+ transactions, so the list spans several 100-row pages.
// The browser runs in UTC so date presets can be computed here the same way.
test.use({ timezoneId: "UTC" });
test.describe.configure({ mode: "serial" });

const DAY = 86_400_000;
function utcMidnight(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

type Case = { name: string; query: string; keep: (t: SimTx) => boolean };

function cases(truth: SimTx[]): Case[] {
  const sample = truth[150]!;
  const needle = sample.platformOrderId.slice(2, 9).toLowerCase();
  const sevenDaysFrom = utcMidnight(Date.now()) - 6 * DAY;
  return [
    { name: "rail internal + unknown", query: "rail=internal,unknown", keep: (t) => t.rail === "internal" || t.rail === "unknown" },
    { name: "type payout", query: "type=payout", keep: (t) => t.type === "payout" },
    { name: "status pending + failed", query: "status=pending,failed", keep: (t) => t.status !== "success" },
    { name: "currency NGN", query: "currency=NGN", keep: (t) => t.currency === "NGN" },
    { name: "7 days", query: "range=7d", keep: (t) => Date.parse(t.createdAt) >= sevenDaysFrom },
    {
      name: "amount 100 to 5000 as decimals",
      query: "min=100&max=5000.00",
      keep: (t) => new Decimal(t.amount).gte(100) && new Decimal(t.amount).lte(5000),
    },
    {
      name: "free text on id and platformOrderId",
      query: `q=${encodeURIComponent(needle)}`,
      keep: (t) => t.id.toLowerCase().includes(needle) || t.platformOrderId.toLowerCase().includes(needle),
    },
    {
      name: "combination",
      query: "type=payin&rail=bangladesh,india&status=success&min=500",
      keep: (t) =>
        t.type === "payin" && (t.rail === "bangladesh" || t.rail === "india") && t.status === "success" && new Decimal(t.amount).gte(500),
    },
  ];
}

// Every test compares the page with one snapshot of the simulator's list, so nothing may change
// status while the spec runs. A reset seeds live pending items whose lifecycles run in real time
// (simulator/seed.ts): their statuses change 160 s to 590 s after it, and the PYUSD intent's
// expiry is due at 60 min. Past all of them on the simulated clock, the list holds still.
// The dashboard's shared copy of the list still describes the list before the reset: every test
// that reads it calls syncDashboard first, whose refresh sees the rebuilt list (every createdAt
// moved) and loads it again. (A page cannot be opened here: Playwright has no `page` in beforeAll.)
const PAST_SEEDED_LIFECYCLES_S = 61 * 60;

test.beforeAll(async ({ request, sim }) => {
  await sim.reset();
  await sim.advance(PAST_SEEDED_LIFECYCLES_S);
  const pending = (await simTransactions(request)).filter((t) => t.status === "pending");
  expect(pending, "a seeded lifecycle still running after the advance").toEqual([]);
});

test.beforeEach(async ({ page, signInAs }) => {
  await signInAs("finance");
  await useLiveMode(page);
});

test("each filter shows exactly the rows the simulator's data says, over more than one page", async ({ page }) => {
  const truth = await simTransactions(page.request);
  expect(truth.length).toBeGreaterThan(200);
  await syncDashboard(page, truth);

  for (const { name, query, keep } of cases(truth)) {
    await test.step(name, async () => {
      const expected = truth.filter(keep);
      expect(expected.length, `${name} should select something`).toBeGreaterThan(0);
      await page.goto(`/transactions?${query}`);
      await expectFullyLoaded(page, truth.length);
      await expectMatchCount(page, expected.length, truth.length);
      const csv = await downloadCsv(page);
      expect(
        csv
          .slice(1)
          .map((row) => row[0])
          .sort(),
      ).toEqual(expected.map((t) => t.id).sort());
    });
  }
});

test("filters set by clicking live in the URL, and the shared URL restores the same view", async ({ page, context }) => {
  const truth = await simTransactions(page.request);
  await syncDashboard(page, truth);
  await page.goto("/transactions");
  await expectFullyLoaded(page, truth.length);

  await page.getByRole("group", { name: "Rail" }).getByRole("button", { name: "Internal" }).click();
  await page.getByRole("group", { name: "Rail" }).getByRole("button", { name: "Unknown" }).click();
  await page.getByRole("group", { name: "Type" }).getByRole("button", { name: "Payout" }).click();
  await page.getByRole("button", { name: /^Amount/ }).click(); // sort by amount, descending
  const expected = truth.filter((t) => (t.rail === "internal" || t.rail === "unknown") && t.type === "payout");
  await expectMatchCount(page, expected.length, truth.length);
  await expect(page).toHaveURL(/rail=internal(,|%2C)unknown/);
  await expect(page).toHaveURL(/sort=amount\.desc/);
  // Amounts sort within each currency (descending: the last currency code first, its largest amount on top).
  const largest = [...expected].sort(
    (a, b) => (a.currency < b.currency ? 1 : a.currency > b.currency ? -1 : 0) || new Decimal(b.amount).cmp(new Decimal(a.amount)),
  )[0]!;
  await expect(page.getByTestId("tx-row").first()).toHaveAttribute("data-id", largest.id);

  const shared = await context.newPage();
  await shared.goto(page.url());
  await expectFullyLoaded(shared, truth.length);
  await expectMatchCount(shared, expected.length, truth.length);
  await expect(shared.getByRole("group", { name: "Rail" }).getByRole("button", { name: "Internal" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(shared.getByRole("group", { name: "Type" }).getByRole("button", { name: "Payout" })).toHaveAttribute("aria-pressed", "true");
  await expect(shared.getByRole("columnheader", { name: /Amount/ })).toHaveAttribute("aria-sort", "descending");
  await expect(shared.getByTestId("tx-row").first()).toHaveAttribute("data-id", largest.id);
});

test("the totals keep succeeded, pending and failed apart, succeeded first, and say they sum amount", async ({ page }) => {
  const truth = await simTransactions(page.request);
  await syncDashboard(page, truth);
  await page.goto("/transactions?type=payin&currency=BRL");
  await expectFullyLoaded(page, truth.length);
  const brl = truth.filter((t) => t.type === "payin" && t.currency === "BRL");
  const order = ["success", "pending", "failed"] as const;
  const present = order.filter((status) => brl.some((t) => t.status === status));
  expect(present.length).toBeGreaterThan(1);
  const lines = page.getByTestId("totals").locator("tbody tr");
  await expect(lines).toHaveCount(present.length);
  for (const [i, status] of present.entries()) {
    const line = lines.nth(i);
    await expect(line).toHaveAttribute("data-status", status);
    const sum = brl.filter((t) => t.status === status).reduce((total, t) => total.plus(t.amount), new Decimal(0));
    expect(new Decimal((await line.getAttribute("data-payins")) ?? "NaN").toFixed()).toBe(sum.toFixed());
  }
  const words = { success: "Succeeded", pending: "Pending", failed: "Failed" };
  for (const [i, status] of present.entries()) await expect(lines.nth(i).getByRole("rowheader")).toContainText(`BRL${words[status]}`);
  await expect(page.getByTestId("totals-basis")).toHaveText("Sums of each transaction's amount, not its paidAmount.");
});

test("the CSV holds every filtered row with every field exactly as the API gave it", async ({ page }) => {
  const truth = await simTransactions(page.request);
  await syncDashboard(page, truth);
  await page.goto("/transactions?type=payout");
  await expectFullyLoaded(page, truth.length);
  const [header, ...rows] = await downloadCsv(page);
  expect(header).toEqual([
    "id",
    "type",
    "status",
    "amount",
    "currency",
    "rail",
    "railLabel",
    "paidAmount",
    "platformOrderId",
    "createdAt",
    "completedAt",
  ]);
  const expected = truth.filter((t) => t.type === "payout");
  expect(rows).toHaveLength(expected.length);
  const byId = new Map(rows.map((row) => [row[0], row]));
  for (const t of expected) {
    expect(byId.get(t.id)).toEqual([
      t.id,
      t.type,
      t.status,
      t.amount,
      t.currency,
      t.rail,
      t.railLabel,
      t.paidAmount ?? "",
      t.platformOrderId,
      t.createdAt,
      t.completedAt ?? "",
    ]);
  }
  // Table order (newest first) is the file's order.
  expect(rows.map((r) => r[0])).toEqual(expected.map((t) => t.id));
});

test("a transaction created in the simulator appears after a refresh, and opens in the detail dialog", async ({ page }) => {
  const before = await simTransactions(page.request);
  await syncDashboard(page, before);
  await page.goto("/transactions");
  await expectFullyLoaded(page, before.length);

  await injectTransaction(page.request, { env: "live", type: "payout", rail: "internal", amount: "12.50", currency: "USDT" });
  const after = await simTransactions(page.request);
  const created = after[0]!;
  expect(before.some((t) => t.id === created.id)).toBe(false);

  // A refresh sooner than 5 s after the last is served from the shared copy; keep pressing until it lands.
  await expect
    .poll(
      async () => {
        await page.getByRole("button", { name: "Refresh" }).click();
        return page.getByTestId("load-progress").innerText();
      },
      { timeout: 20_000, intervals: [1000, 2000] },
    )
    .toContain(`Loaded ${after.length.toLocaleString("en-US")} of`);

  // Pasted from a chat, with a zero-width space and a DEL no one can see: the box keeps the id.
  const search = page.getByRole("searchbox", { name: /Search id/ });
  await search.fill(`\u200b${created.id}\u007f`);
  await expect(search).toHaveValue(created.id);
  await expectMatchCount(page, 1, after.length);
  await page.getByRole("button", { name: created.id }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(created.id);
  await expect(dialog).toContainText("12.50");
  await expect(dialog).toContainText(created.platformOrderId);
  await expect(dialog.getByRole("button", { name: "Copy transaction ID" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Copy platform order ID" })).toBeVisible();
  // The id is on one line, at 1440 px and at 360 px: never broken mid-id.
  for (const width of [1440, 360]) {
    await page.setViewportSize({ width, height: 800 });
    const lines = await dialog.getByText(created.id, { exact: true }).evaluate((element) => element.getClientRects().length);
    expect(lines, `lines of the id at ${width} px`).toBe(1);
  }
});

test("rows the API sends malformed are left out and said, the totals without them, and join the list once readable", async ({
  page,
  sim,
}) => {
  const before = await simTransactions(page.request);
  await syncDashboard(page, before);
  for (const amount of ["7.25", "3.50"]) {
    await injectTransaction(page.request, { env: "live", type: "payout", rail: "internal", amount, currency: "USDT" });
  }
  const after = await simTransactions(page.request);
  const broken = after.slice(0, 2);
  expect(broken.map((t) => new Decimal(t.amount).toFixed(2)).sort()).toEqual(["3.50", "7.25"]);
  const response = await page.request.post(`${SIMULATOR_URL}/_sim/faults`, { data: { malformedTransactions: broken.map((t) => t.id) } });
  expect(response.ok()).toBe(true);
  const usdtPayouts = (rows: SimTx[]) =>
    rows.filter((t) => t.currency === "USDT" && t.type === "payout").reduce((sum, t) => sum.plus(t.amount), new Decimal(0));
  const usdt = page.getByTestId("totals").locator('tr[data-currency="USDT"]');
  // One line per status: the currency's payouts are their sum.
  const shownUsdtPayouts = async () =>
    (await usdt.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-payouts") ?? "NaN")))
      .reduce((sum, value) => sum.plus(value), new Decimal(0))
      .toFixed();
  const notice = page.getByTestId("unreadable-notice");
  const refreshUntil = async (loaded: number) =>
    expect
      .poll(
        async () => {
          await page.getByRole("button", { name: "Refresh" }).click();
          return page.getByTestId("load-progress").innerText();
        },
        { timeout: 20_000, intervals: [1000, 2000] },
      )
      .toContain(`Loaded ${loaded.toLocaleString("en-US")} of ${after.length.toLocaleString("en-US")}`);
  try {
    await page.goto("/transactions");
    // Whichever copy the page opened on (the BFF's refresh may already have met the bad rows), it is held whole.
    await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible({ timeout: 20_000 });
    await refreshUntil(before.length);
    // Neither guessed at nor lost quietly: the list, its totals and its export are said to be short by them.
    await expect(notice).toContainText("2 transactions could not be read from the payments API.");
    // Read out once, from a live region there before it.
    await expect(page.getByRole("status").filter({ hasText: "2 transactions could not be read" })).toHaveCount(1);
    await expect(page.getByRole("heading", { name: /Totals of the filtered transactions/ })).toContainText(
      "without 2 transactions that could not be read",
    );
    await expect.poll(shownUsdtPayouts).toBe(usdtPayouts(before).toFixed());
    // Held whole all the same: no bar, no "Cancel loading", nothing more a load could bring.
    await expect(page.getByRole("button", { name: "Cancel loading" })).toHaveCount(0);
    await expect(page.getByRole("progressbar", { name: "Transactions loaded" })).toHaveCount(0);
  } finally {
    await sim.clearFaults();
  }
  // Readable again: both join the list, and the notice goes.
  await refreshUntil(after.length);
  await expect(notice).toHaveCount(0);
  await expect.poll(shownUsdtPayouts).toBe(usdtPayouts(after).toFixed());
});

test("an NGN payout's detail links to its payout status page; a payout in another pocket has no such link", async ({ page }) => {
  const truth = await simTransactions(page.request);
  await syncDashboard(page, truth);
  const ngnPayout = truth.find((t) => t.type === "payout" && t.currency === "NGN")!;
  const otherPayout = truth.find((t) => t.type === "payout" && t.currency !== "NGN")!;
  const link = page.getByRole("dialog").getByRole("link", { name: "Open the Nigeria payout status page" });

  await page.goto(`/transactions?q=${otherPayout.id}`);
  await page.getByRole("button", { name: otherPayout.id }).click();
  await expect(page.getByRole("dialog")).toContainText(otherPayout.platformOrderId);
  await expect(link).toHaveCount(0);

  await page.goto(`/transactions?q=${ngnPayout.id}`);
  await page.getByRole("button", { name: ngnPayout.id }).click();
  await link.click();
  await expect(page).toHaveURL(`/nigeria/payouts/${ngnPayout.id}`);
  await expect(page.getByTestId("payout-transaction-id")).toHaveText(ngnPayout.id);
});

test("the deep link shows one transaction from the single-item endpoint", async ({ page }) => {
  const truth = await simTransactions(page.request);
  const target = truth[120]!;
  await page.goto(`/transactions/${target.id}`);
  const section = page.getByRole("region", { name: `Transaction ${target.id}` });
  await expect(section).toContainText(target.platformOrderId);
  await expect(section).toContainText(target.amount);
  await expect(section).toContainText(target.createdAt);
});

test("the newest rows are in the server-rendered page, and the browser carries on from them to the whole list", async ({ page }) => {
  const truth = await simTransactions(page.request);
  await syncDashboard(page, truth);
  // The HTML as sent, before any script: the newest rows are already in the table.
  const html = await (await page.request.get("/transactions")).text();
  const rendered = [...html.matchAll(/data-testid="tx-row" data-id="([^"]+)"/g)].map((m) => m[1]);
  expect(rendered.length).toBeGreaterThan(10);
  expect(rendered.slice(0, 10)).toEqual(truth.slice(0, 10).map((t) => t.id));

  // The browser loads the rest and keeps the server's rows once each (no duplicates).
  const asked = recordListReads(page);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/transactions");
  await expectFullyLoaded(page, truth.length);
  expect(asked.length).toBeGreaterThan(0);
  await expectMatchCount(page, truth.length, truth.length);
  await expect(page.getByTestId("tx-row").first()).toHaveAttribute("data-id", truth[0]!.id);
  // Hydration took the server's rows as they were (a mismatch is reported as a console error).
  expect(errors).toEqual([]);
});

test("the page's scripts reach the browser marked for eager compilation and compressed at build time (scripts/compile-hints.mjs, scripts/precompress-static.mjs)", async ({
  page,
}) => {
  const chunks: { url: string; encoding: string | undefined; caching: string | undefined }[] = [];
  page.on("response", (response) => {
    if (!/\/_next\/static\/chunks\/.+\.js$/.test(new URL(response.url()).pathname)) return;
    const headers = response.headers();
    chunks.push({ url: response.url(), encoding: headers["content-encoding"], caching: headers["cache-control"] });
  });
  await page.goto("/transactions");
  await expect(page.getByTestId("tx-row").first()).toBeVisible();
  expect(chunks.length).toBeGreaterThan(3);
  for (const { url, encoding, caching } of chunks) {
    // Chromium takes brotli: the build's copy, with Next's caching for hashed files.
    expect(encoding, url).toBe("br");
    expect(caching, url).toBe("public, max-age=31536000, immutable");
    const asShipped = await (await page.request.get(url, { headers: { "Accept-Encoding": "identity" } })).text();
    expect(asShipped.split("\n", 1)[0], url).toBe("//# allFunctionsCalledOnLoad");
    // A client that takes only gzip gets the gzip copy; both decode to the file as shipped.
    const gzipped = await page.request.get(url, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.headers()["content-encoding"], url).toBe("gzip");
    expect(await gzipped.text(), url).toBe(asShipped);
  }
});

test("the page's HTML starts the tab's worker: rows load while the page's JS and stylesheet are held back, and the page adopts that worker", async ({
  page,
}) => {
  const truth = await simTransactions(page.request);
  await syncDashboard(page, truth);
  const workerScripts: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/_workers/transactions.js") workerScripts.push(request.url());
  });
  // Hold every script of the page itself, and its stylesheet, until the worker has fetched the
  // list: the HTML's early start is an async module script, which waits for neither.
  const release = await holdRequests(page, /\/_next\/static\/chunks\/.*\.(js|css)$/);
  const asked = recordListReads(page);
  const listAnswer = page.waitForResponse((response) => response.url().includes("/api/transactions?since=0"));
  await page.goto("/transactions", { waitUntil: "commit" });
  const answer = await listAnswer;
  expect(answer.status()).toBe(200);
  // Compressed on the way out (server/edge/compression.ts): Next leaves route handlers' answers as they are.
  expect(answer.headers()["content-encoding"]).toBe("br");
  expect(workerScripts).toHaveLength(1);
  // The server-rendered rows are there; nothing of the page's JS has run yet.
  await expect(page.getByTestId("tx-row").first()).toHaveAttribute("data-id", truth[0]!.id);
  expect(await page.evaluate(() => "__transactionsWorker" in window)).toBe(true);
  // The worker's own account of what it holds, asked through the HTML's handle on it. Not the answer's
  // body read back through DevTools: for a worker's streamed answer DevTools sometimes never reports
  // the request finished (1 run in 6 to 10: "No data found", or a wait for the end that never ended).
  const mode = startModeOf(workerScripts[0]!);
  expect(mode).not.toBeNull();
  const held = await page.evaluate(
    (wake) =>
      new Promise<FeedSummary>((resolve) => {
        const worker = (window as unknown as Record<string, Worker>).__transactionsWorker!;
        worker.addEventListener("message", (event: MessageEvent<FromWorker>) => {
          if (event.data.kind === "state" && event.data.feed.status === "ready") resolve(event.data.feed);
        });
        // Answered with the list's state now, and again as it changes until the load is over.
        worker.postMessage(wake);
      }),
    wakeMessage(mode!),
  );
  expect(held.loaded).toBe(truth.length);
  // One answer brought the whole list: the worker asked nothing after it.
  expect(asked).toEqual(["0"]);

  release();
  await expectFullyLoaded(page, truth.length);
  await expectMatchCount(page, truth.length, truth.length);
  // Every row came with the answer read while the JS was held: nothing was read from the start again.
  expect(asked.filter((since) => since === "0")).toHaveLength(1);
  // The page took the worker the HTML started rather than starting a second one.
  expect(workerScripts).toHaveLength(1);
  expect(await page.evaluate(() => "__transactionsWorker" in window)).toBe(false);
});

test("the rows in view come from the worker as the table scrolls: the oldest at the bottom, the middle in the middle", async ({ page }) => {
  const truth = await simTransactions(page.request);
  await syncDashboard(page, truth);
  await page.goto("/transactions");
  await expectFullyLoaded(page, truth.length);
  const table = page.getByRole("region", { name: "Transactions table" });
  await expect(table.getByRole("table")).toHaveAttribute("aria-rowcount", String(truth.length + 1));
  // Newest first: the last row of the table is the oldest transaction.
  await table.evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await expect(table.locator(`[aria-rowindex="${truth.length + 1}"]`)).toHaveAttribute("data-id", truth.at(-1)!.id);
  const middle = Math.floor(truth.length / 2);
  await table.evaluate((box, row) => box.scrollTo(0, row * 41), middle);
  await expect(table.locator(`[aria-rowindex="${middle + 2}"]`)).toHaveAttribute("data-id", truth[middle]!.id);
  await expect(table.getByTestId("tx-row-pending")).toHaveCount(0);
});

test("at a phone's width and a desk's the page holds still as the list finishes loading: the filters, the table and the Export button do not move", async ({
  page,
}) => {
  const truth = await simTransactions(page.request);
  // The page's HTML holds the newest 100; the rest arrive with the worker's answer, held here.
  expect(truth.length).toBeGreaterThan(100);
  await syncDashboard(page, truth);
  for (const width of [360, 412, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const release = await holdRequests(page, /\/api\/transactions\?since=0/);
    await page.goto("/transactions");
    // The BFF holds the list but this tab has the server's 100 rows: that is loading, not a
    // refresh, with its bar and a way to stop it, and no Refresh until the tab holds every row.
    await expect(page.getByTestId("load-count")).toHaveText(`Loaded 100 of ${truth.length.toLocaleString("en-US")}`);
    await expect(page.getByTestId("load-progress").getByRole("button")).toHaveText(["Cancel loading"]);
    await expect(page.getByRole("progressbar", { name: "Transactions loaded" })).toHaveAttribute("value", "100");
    await expect(page.getByRole("button", { name: "Refresh" })).toHaveCount(0);
    const search = page.getByRole("searchbox", { name: /Search id/ });
    const progress = page.getByTestId("load-progress");
    // Where the row is and how tall (its width follows its text): what decides where everything below it goes.
    const rowPlace = async () => {
      const box = await progress.boundingBox();
      return { y: box?.y, height: box?.height };
    };
    // At a desk's width it ends the progress row: a label that grew with the count moved it left.
    const exportButton = page.getByRole("button", { name: /^Export CSV/ });
    await expect(exportButton).toHaveText("Export CSV (100 rows, partial)");
    const before = { search: await search.boundingBox(), progress: await rowPlace(), export: await exportButton.boundingBox() };
    release();
    await expectFullyLoaded(page, truth.length);
    await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
    // The Refresh button's coming made the row a button's height and moved everything below it down.
    expect(await search.boundingBox(), `the search box at ${width} px`).toEqual(before.search);
    expect(await rowPlace(), `the progress row at ${width} px`).toEqual(before.progress);
    await expect(exportButton).toHaveText(`Export CSV (${truth.length.toLocaleString("en-US")} rows)`);
    expect(await exportButton.boundingBox(), `the Export button at ${width} px`).toEqual(before.export);
    await page.unrouteAll();
  }
});

test("no match says so while the rest loads, and says 'none' only once the whole list is held", async ({ page }) => {
  const truth = await simTransactions(page.request);
  await syncDashboard(page, truth);
  const release = await holdRequests(page, /\/api\/transactions\?since=0/);
  await page.goto("/transactions?q=zzzz-no-such-id");
  await expect(page.getByTestId("load-progress").getByRole("button")).toHaveText(["Cancel loading"]);
  await expect(page.getByText("No loaded transaction matches these filters yet.")).toBeVisible();
  await expect(page.getByText("The rest of the list is still loading: a match in it shows here as it arrives.")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  release();
  await expectFullyLoaded(page, truth.length);
  await expect(page.getByText("No transaction matches these filters.")).toBeVisible();
  await expect(page.getByText("No loaded transaction matches these filters yet.")).toHaveCount(0);
  await page.unrouteAll();
});

test("a search's match count is read out once the typing pauses, not at each keystroke", async ({ page }) => {
  const truth = await simTransactions(page.request);
  await syncDashboard(page, truth);
  await page.goto("/transactions");
  await expectFullyLoaded(page, truth.length);
  const spoken = page.getByRole("status").filter({ hasText: "loaded transactions match" });
  await expect(spoken).toHaveText(
    `${truth.length.toLocaleString("en-US")} of ${truth.length.toLocaleString("en-US")} loaded transactions match`,
  );
  // Every text the live region takes from here on.
  await spoken.evaluate((region) => {
    const texts: string[] = [];
    (window as unknown as { spoken: string[] }).spoken = texts;
    new MutationObserver(() => texts.push(region.textContent ?? "")).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  // An id typed at a person's pace: each keystroke after "tx_" narrows the visible count.
  const id = truth[0]!.id;
  const typed = id.slice(0, 9);
  const matching = truth.filter(
    (t) => t.id.toLowerCase().includes(typed.toLowerCase()) || t.platformOrderId.toLowerCase().includes(typed.toLowerCase()),
  );
  await page.getByRole("searchbox", { name: /Search id/ }).pressSequentially(typed, { delay: 80 });
  await expectMatchCount(page, matching.length, truth.length);
  const final = `${matching.length.toLocaleString("en-US")} of ${truth.length.toLocaleString("en-US")} loaded transactions match`;
  await expect(spoken).toHaveText(final);
  expect(await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken)).toEqual([final]);
});

test("the charts describe the filtered rows, drawn when scrolled into view", async ({ page }) => {
  const truth = await simTransactions(page.request);
  await syncDashboard(page, truth);
  await page.goto("/transactions?type=payout");
  await expectFullyLoaded(page, truth.length);
  const charts = page.getByRole("region", { name: "Charts of the filtered transactions" });
  await charts.scrollIntoViewIfNeeded();

  const payouts = truth.filter((t) => t.type === "payout");
  const perRail = new Map<string, { label: string; count: number }>();
  for (const t of payouts) perRail.set(t.rail, { label: t.railLabel, count: (perRail.get(t.rail)?.count ?? 0) + 1 });
  const expected = [...perRail.values()].sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : 1));
  await expect(charts.getByRole("img", { name: /^Count per rail/ })).toHaveAccessibleName(
    `Count per rail: ${expected.map((r) => `${r.label} ${r.count}`).join(", ")}`,
  );
  // One daily-volume chart per currency among the payouts, each an SVG drawn by recharts.
  const currencies = new Set(payouts.map((t) => t.currency));
  await expect(charts.getByRole("img", { name: /^Daily volume in / })).toHaveCount(currencies.size);
  await expect(charts.locator("svg.recharts-surface").first()).toBeVisible();
  // Volume axes read "65M", not 65000000 (the exact figure is in each bar's tooltip).
  const volumeTicks = charts
    .getByRole("img", { name: /^Daily volume in / })
    .locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value");
  await expect(volumeTicks.first()).toBeVisible();
  for (const label of await volumeTicks.allTextContents()) expect(label).toMatch(/^-?\d{1,3}(\.\d)?[KMBT]?$/);
});
