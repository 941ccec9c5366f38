import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { BFF_HEADERS, expect, test } from "./fixtures";
import { payoutBody, verifiedBeneficiary } from "./nigeria-helpers";
import { SIMULATOR_URL } from "./env";
import { simTransactions } from "./transactions-helpers";

// Issue 57: support finds a payment from whatever the caller has, in either mode, and reads its
// story. The payout is made by finance in live through the BFF (the wizard has its own spec);
// support searches from test mode and opens it through the confirmed mode switch.
test.describe.configure({ mode: "serial" });

type Made = { transactionId: string; merchantReference: string; payoutReference: string; amount: number; last4: string };

/** An account number the simulator resolves and pays (not ending 0000 or 0013), unlikely to be another test's. */
const accountNumber = () => `01${String(randomInt(10_000_000, 99_999_999))}`.replace(/(0000|0013)$/, "4821");

/** A live NGN payout made by finance through the BFF, polled once (the console sees it pending), then settled upstream. */
async function livePayoutByFinance(page: Page, signInAs: (role: "finance") => Promise<void>): Promise<Made> {
  await signInAs("finance");
  expect((await page.request.put("/api/session/mode", { headers: BFF_HEADERS, data: { mode: "live" } })).status()).toBe(200);
  const account = accountNumber();
  const amount = randomInt(6_000, 9_000);
  const merchantReference = `NGN-20261206-${randomInt(10_000_000, 99_999_999)}`;
  const beneficiary = await verifiedBeneficiary(page, account);
  const created = await page.request.post("/api/nigeria/payouts", {
    headers: BFF_HEADERS,
    data: payoutBody(beneficiary, `${amount}.00`, merchantReference),
  });
  expect(created.status(), await created.text()).toBe(200);
  const { transactionId, reference } = (await created.json()) as { transactionId: string; reference: string };
  expect(reference).toMatch(/^NGNP-/);
  const polled = await page.request.get(`/api/nigeria/payouts/${transactionId}`);
  expect((await polled.json()).status).toBe("pending");
  const settled = await page.request.post(`${SIMULATOR_URL}/_sim/settle`, { data: { env: "live", transactionId, outcome: "success" } });
  expect(settled.ok(), await settled.text()).toBe(true);
  return { transactionId, merchantReference, payoutReference: reference, amount, last4: account.slice(-4) };
}

async function search(page: Page, value: string): Promise<void> {
  const box = page.getByRole("search", { name: "Payments" }).getByLabel("Search payments");
  await box.fill(value);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

const resultFor = (page: Page, id: string) => page.locator(`[data-testid="search-result"][data-id="${id}"]`);

test("as support in test mode, a live NGN payout is found by each thing a caller has, and opens with its story", async ({
  page,
  signInAs,
}) => {
  const made = await livePayoutByFinance(page, signInAs);
  await signInAs("support");
  await page.goto("/lookup");
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();
  await expect(page.getByTestId("references-note")).toContainText("References are known for payments created in this console");

  const grouped = made.amount.toLocaleString("en-US");
  const ways: [string, RegExp][] = [
    [made.merchantReference.toLowerCase(), /merchant reference/],
    [`  ${made.payoutReference} `, /payout reference/],
    [grouped, /amount/],
    [String(made.amount), /amount/],
    [`${made.amount}.00 NGN`, /amount/],
    [made.last4, /account number's last digits/],
  ];
  for (const [value, matched] of ways) {
    await search(page, value);
    const result = resultFor(page, made.transactionId);
    await expect(result, `searching ${value}`).toBeVisible({ timeout: 20_000 });
    await expect(result).toHaveAttribute("data-environment", "live");
    await expect(result.getByText("Live", { exact: true })).toBeVisible();
    await expect(result.getByTestId("matched-on")).toContainText(matched);
    await expect(result.getByRole("link", { name: `Open ${made.transactionId} (in live mode)` })).toHaveAttribute(
      "href",
      `/transactions/${made.transactionId}?mode=live`,
    );
  }
  // Still in test mode: searching switched nothing.
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();
  const result = resultFor(page, made.transactionId);
  await expect(result.getByTestId("search-write")).toContainText("Fin Finance");
  await expect(result.getByTestId("search-write")).toContainText(`ending ${made.last4}`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "/tmp/wt57-lookup-1440.png", fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: "/tmp/wt57-lookup-360.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Opening it asks to go live; staying in test opens nothing.
  await result.getByRole("link", { name: `Open ${made.transactionId} (in live mode)` }).click();
  const notice = page.getByTestId("other-mode-notice");
  await expect(notice).toContainText("is in live mode, and you are in test mode");
  await notice.getByRole("button", { name: "Switch to live mode to open it" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Stay in test" }).click();
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();
  await notice.getByRole("button", { name: "Switch to live mode to open it" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Switch to live" }).click();
  await expect(page.getByTestId("live-mode-banner")).toBeVisible();

  const section = page.getByRole("region", { name: `Transaction ${made.transactionId}` });
  await expect(section).toBeVisible();
  const story = page.getByTestId("payment-story");
  await expect(story.getByTestId("story-origin")).toContainText("Created from this console by Fin Finance");
  await expect(story.getByTestId("story-origin")).toContainText(made.merchantReference);
  await expect(story.getByTestId("story-summary")).toContainText(`Guaranty Trust Bank ending ${made.last4}`);
  await expect(story.getByTestId("story-summary")).toContainText(made.payoutReference);
  await expect(story.locator('[data-testid="story-seen"][data-status="pending"]')).toContainText("Pending, seen by the console at");
  await expect(story.locator('[data-testid="story-seen"][data-status="success"]')).toContainText("Succeeded, seen by the console at");
  await expect(story.getByTestId("story-event").first()).toContainText("Created in the console and sent to the API — Fin Finance");
  // Support reads it without the audit trail: no link to it, and nothing of an entry beyond names.
  await expect(page.getByRole("link", { name: "View audit trail" })).toHaveCount(0);
  await expect(story).not.toContainText("finance@demo.test");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "/tmp/wt57-detail-1440.png", fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: "/tmp/wt57-detail-360.png", fullPage: true });
});

test("in test mode, a test transaction is found by its id and order id and opens directly; the header's / shortcut searches", async ({
  page,
  signInAs,
}) => {
  await signInAs("support");
  const [target] = await simTransactions(page.request, "test");
  if (!target) throw new Error("the simulator has no test transactions");
  await page.goto("/transactions");
  await page.setViewportSize({ width: 1440, height: 900 });
  // `/` outside a text field focuses the header's box.
  await page.locator("body").press("/");
  const header = page.getByRole("search", { name: "Header" }).getByLabel("Search payments");
  await expect(header).toBeFocused();
  await header.fill(target.id.toLowerCase());
  await header.press("Enter");
  await expect(page).toHaveURL(/\/lookup\?q=/);
  const result = resultFor(page, target.id);
  await expect(result).toBeVisible({ timeout: 20_000 });
  await expect(result).toHaveAttribute("data-environment", "test");
  await expect(result.getByTestId("matched-on")).toContainText("transaction ID");

  await search(page, target.platformOrderId);
  await expect(resultFor(page, target.id)).toBeVisible({ timeout: 20_000 });
  await expect(resultFor(page, target.id).getByTestId("matched-on")).toContainText("platform order ID");
  // On /lookup, `/` focuses the page's own box.
  await page.locator("h1").click();
  await page.keyboard.press("/");
  await expect(page.getByRole("search", { name: "Payments" }).getByLabel("Search payments")).toBeFocused();

  await resultFor(page, target.id)
    .getByRole("link", { name: `Open ${target.id}`, exact: true })
    .click();
  await expect(page.getByRole("region", { name: `Transaction ${target.id}` })).toBeVisible();
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();
  await expect(page.getByTestId("story-origin")).toBeVisible();

  await page.goto("/lookup");
  await search(page, "NO-SUCH-REFERENCE-57");
  await expect(page.getByTestId("lookup-none")).toContainText("Nothing in test or live matches");
});

test("bad input to the new routes is a clear 400 and changes nothing", async ({ page, signInAs }) => {
  await signInAs("support");
  const before = await page.request.get(`/api/search?${new URLSearchParams({ q: "NO-SUCH-REFERENCE-57" })}`);
  expect(before.status()).toBe(200);
  const bad: Record<string, string>[] = [
    { q: "x".repeat(10_000) },
    { q: "" },
    { q: "   \u200b" },
    { q: "1500", tz: "<script>alert(1)</script>" },
    { q: "1500", tz: "x".repeat(10_000) },
  ];
  for (const params of bad) {
    const response = await page.request.get(`/api/search?${new URLSearchParams(params)}`);
    expect(response.status(), JSON.stringify(params).slice(0, 80)).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("validation");
    expect(error.message).not.toContain("<script>");
  }
  // Markup is only text to match: nothing matches it, and it comes back as it was typed, not as HTML.
  const markup = await page.request.get(`/api/search?${new URLSearchParams({ q: "<img src=x onerror=alert(1)>" })}`);
  expect(markup.status()).toBe(200);
  expect((await markup.json()).results).toEqual([]);
  for (const id of ["x".repeat(10_000), "\u0000", " "]) {
    const story = await page.request.get(`/api/transactions/${encodeURIComponent(id)}/story`);
    expect(story.status(), id.slice(0, 20)).toBe(400);
  }
  // Neither reading role may search without transactions:read; a signed-out caller gets 401.
  await page.context().clearCookies();
  expect((await page.request.get(`/api/search?q=1500`)).status()).toBe(401);
  expect((await page.request.get(`/api/transactions/tx_1/story`)).status()).toBe(401);
});
