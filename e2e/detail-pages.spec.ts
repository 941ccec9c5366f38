// The detail pages support opens from a ticket (a transaction's deep link, a payment's or a
// payout's status page) hold the record, or "not found", in their first HTML: no skeleton, and no
// browser read that would only meet the same answer again.
import type { Page } from "@playwright/test";
import { afterHydration, expect, test } from "./fixtures";
import { simTransactions, type SimTx, useLiveMode } from "./transactions-helpers";

/** The browser's reads of single records through the BFF, as they happen. */
function recordReads(page: Page): string[] {
  const reads: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/(transactions|payins\/[a-z]+|payouts\/[a-z]+|nigeria\/payouts)\/[^/]+$/.test(path)) reads.push(path);
  });
  return reads;
}

async function firstHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

const finalOne = (truth: SimTx[], match: (t: SimTx) => boolean): SimTx => {
  const found = truth.find((t) => match(t) && t.status !== "pending");
  if (!found) throw new Error("the simulator's seed has no such record");
  return found;
};

test("a transaction's deep link and a payment's status page are in the first HTML, and the browser does not read them again", async ({
  page,
  signInAs,
}) => {
  await signInAs("finance");
  const truth = await simTransactions(page.request, "test");
  const tx = finalOne(truth, (t) => t.rail === "europe");
  const payin = finalOne(truth, (t) => t.type === "payin" && t.rail === "bangladesh");
  const reads = recordReads(page);

  const deepLink = await firstHtml(page, `/transactions/${tx.id}`);
  expect(deepLink).toContain(`aria-label="Transaction ${tx.id}"`);
  expect(deepLink).toContain(tx.platformOrderId);
  await page.goto(`/transactions/${tx.id}`);
  await expect(page.getByRole("region", { name: `Transaction ${tx.id}` })).toContainText(tx.platformOrderId);
  await afterHydration(page);

  // A final record is fresh for the polling hook: the page's HTML is what it shows.
  const status = await firstHtml(page, `/payins/bangladesh/${payin.id}`);
  expect(status).toContain('data-testid="payin-status"');
  expect(status).not.toContain("Loading the Bangladesh payment");
  await page.goto(`/payins/bangladesh/${payin.id}`);
  await expect(page.getByTestId("payin-id")).toContainText(payin.id);
  await afterHydration(page);

  expect(reads).toEqual([]);
});

test("an id the API does not know is 'not found' in every detail page's first HTML, with no browser read to meet the 404 again", async ({
  page,
  signInAs,
}) => {
  await signInAs("finance");
  const truth = await simTransactions(page.request, "test");
  const bangladeshPayin = finalOne(truth, (t) => t.type === "payin" && t.rail === "bangladesh");
  const reads = recordReads(page);
  const cases = [
    { path: "/transactions/tx_NO_SUCH_ONE", title: "No transaction tx_NO_SUCH_ONE in test mode." },
    { path: "/payins/india/tx_NO_SUCH_ONE", title: "No India payment tx_NO_SUCH_ONE in test mode." },
    { path: "/payouts/europe/tx_NO_SUCH_ONE", title: "No Europe payout tx_NO_SUCH_ONE in test mode." },
    // A record of another rail under the shared endpoint is the BFF's own not_found.
    { path: `/payins/brazil/${bangladeshPayin.id}`, title: `No Brazil payment ${bangladeshPayin.id} in test mode.` },
    // Pasted garbage: an id no record could have, named in part.
    { path: `/payouts/bangladesh/${"x".repeat(3_000)}`, title: `No Bangladesh payout ${"x".repeat(80)}… in test mode.` },
  ];
  for (const { path, title } of cases) {
    const html = await firstHtml(page, path);
    expect(html.includes('data-testid="record-not-found"'), `${path}: the state in the first HTML`).toBe(true);
    await page.goto(path);
    const state = page.getByTestId("record-not-found");
    await expect(state, path).toContainText(title);
    await expect(state.getByRole("link", { name: "lookup" })).toHaveAttribute("href", "/lookup");
    await afterHydration(page);
  }
  expect(reads).toEqual([]);

  // Nigeria is live only: there is no other mode to look in.
  await useLiveMode(page);
  await page.goto("/nigeria/payouts/tx_NO_SUCH_ONE");
  const nigeria = page.getByTestId("record-not-found");
  await expect(nigeria.getByText("No Nigeria payout tx_NO_SUCH_ONE in live mode.", { exact: true })).toBeVisible();
  await expect(nigeria).toContainText("Check the id. The lookup finds a payment");
  await expect(nigeria).not.toContainText("switch mode");
  await afterHydration(page);
  expect(reads).toEqual([]);
});

test("a status page in a market the merchant does not have says so in its first HTML, with no browser read to meet the 403 again", async ({
  page,
  signInAs,
  sim,
}) => {
  await signInAs("finance");
  const truth = await simTransactions(page.request, "test");
  const payin = finalOne(truth, (t) => t.type === "payin" && t.rail === "brazil");
  const payout = finalOne(truth, (t) => t.type === "payout" && t.rail === "brazil");
  const reads = recordReads(page);
  // The shared Bangladesh/Brazil reads answer 403 market_not_enabled for a market not approved (§1 rule 8).
  await sim.setMarket("test", "brazil", false);
  try {
    for (const path of [`/payins/brazil/${payin.id}`, `/payouts/brazil/${payout.id}`]) {
      const html = await firstHtml(page, path);
      expect(html.includes('data-testid="market-unavailable"'), `${path}: the state in the first HTML`).toBe(true);
      await page.goto(path);
      await expect(page.getByTestId("market-unavailable"), path).toContainText(
        "Brazil is not enabledThe merchant must complete market approval.",
      );
      await afterHydration(page);
    }
  } finally {
    await sim.setMarket("test", "brazil", true);
  }
  expect(reads).toEqual([]);
});

test("hostile and careless ids on the detail pages get 'not found' or the not-found page, never an error or the input as markup", async ({
  page,
  signInAs,
}) => {
  await signInAs("admin");
  // As typed into the address bar (a bare ".." is resolved by the browser before it is sent).
  const ids = [
    "%20%20",
    "%2E%2E%2Fbalance",
    "tx%2F..%2F..%2Fv1%2Fme",
    "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "%00",
    "%E2%80%AE%F0%9F%92%B8",
    "tx_ok%3Fenv%3Dlive",
    "x".repeat(10_000),
  ];
  for (const base of ["/transactions", "/payins/india", "/payouts/europe"]) {
    for (const id of ids) {
      const path = `${base}/${id}`;
      const what = path.slice(0, 60);
      const response = await page.request.get(path);
      const html = await response.text();
      expect([200, 404], `${what}: ${response.status()}`).toContain(response.status());
      if (response.status() === 200) expect(html.includes('data-testid="record-not-found"'), `${what}: not found`).toBe(true);
      expect(html.includes("<script>alert(1)</script>"), `${what}: escaped`).toBe(false);
    }
  }
  // What the page shows of 10,000 pasted characters: the first 80, in its heading and its state.
  await page.goto(`/transactions/${"x".repeat(10_000)}`);
  const shown = `${"x".repeat(80)}…`;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Transaction ${shown}`);
  await expect(page.getByTestId("record-not-found")).toContainText(`No transaction ${shown} in test mode.`);
});

test("a pending record's status page is not read again as it hydrates: its first poll is the browser's first read", async ({
  page,
  signInAs,
}) => {
  await signInAs("finance");
  const truth = await simTransactions(page.request, "test");
  const pending = truth.find((t) => t.type === "payin" && t.rail === "bangladesh" && t.status === "pending");
  if (!pending) throw new Error("the simulator's seed has no pending Bangladesh pay-in");
  const reads = recordReads(page);
  // The page's timers under the test's control: time flows until paused, then moves only when told.
  await page.clock.install();
  await page.goto(`/payins/bangladesh/${pending.id}`);
  await expect(page.getByTestId("payin-id")).toContainText(pending.id);
  // Hydrated: the header's controls are enabled by the browser's JS, not in the server's HTML.
  await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();
  await page.clock.pauseAt(Date.now() + 100);
  expect(reads).toEqual([]);
  // The first poll is due 2 s after the screen mounted.
  await page.clock.runFor(3_000);
  await expect.poll(() => reads.length).toBeGreaterThan(0);
  expect(reads[0]).toBe(`/api/payins/bangladesh/${pending.id}`);
});
