import type { APIRequestContext, Page } from "@playwright/test";
import { SIMULATOR_URL } from "./env";
import { BFF_HEADERS, expect, test } from "./fixtures";
import { useLiveMode } from "./nigeria-helpers";
import { confirmTwice, fillFields, openReview, simPayouts } from "./payins-helpers";
import { injectTransaction, simTransactions } from "./transactions-helpers";

// Bangladesh, Brazil and Europe payouts, and Europe's approve step, against the shared simulator.
test.describe.configure({ mode: "serial" });
test.beforeEach(async ({ sim }) => {
  await sim.reset();
});

/** Sends a 1,000 EUR Europe payout (over the approval threshold) through the form; answers its id. */
async function sendPayoutAwaitingApproval(page: Page, beneficiary: string): Promise<string> {
  await page.goto("/payouts/europe");
  await fillFields(page, { "Amount (EUR)": "1000.00", "Beneficiary name": beneficiary, "Beneficiary IBAN": "DE89370400440532013000" });
  await openReview(page, "Review payout", { amount: "1000.00" });
  await expect(page.getByRole("dialog").getByTestId("review-debits")).toHaveText(
    "Debits the USDC pocket when approved: the USDC amount is shown once the payout is created, before you approve.",
  );
  await page.getByRole("dialog").getByRole("button", { name: "Send payout" }).click();
  await page.waitForURL(/\/payouts\/europe\/tx_/);
  return page.url().split("/").at(-1) ?? "";
}

/** The pocket movements of one transaction (simulator ledger): the debit's timing is checked against it. */
async function ledgerOf(
  request: APIRequestContext,
  env: "test" | "live",
  transactionId: string,
): Promise<{ reason: string; delta: string; currency: string }[]> {
  const response = await request.get(`${SIMULATOR_URL}/_sim/ledger?env=${env}&transactionId=${transactionId}`);
  return ((await response.json()) as { items: { reason: string; delta: string; currency: string }[] }).items;
}

test("Bangladesh: a double-clicked payout is sent once, debiting BDT, and its status page follows GET /v1/payouts/:id", async ({
  page,
  signInAs,
  request,
}) => {
  await signInAs("finance");
  await page.goto("/payouts/bangladesh");
  // The paying pocket's balance is beside the form, as in the NGN wizard.
  await expect(page.getByTestId("pocket-available")).toContainText(/BDT pocket available: [\d,]+\.\d{2}/);
  await fillFields(page, {
    "Amount (BDT)": "1500.00",
    Wallet: "BKASH",
    "Beneficiary name": "Karim Mia",
    "Beneficiary wallet number": "01711111111",
  });
  const reference = await page.getByLabel("Merchant reference", { exact: true }).inputValue();
  expect(reference).toMatch(/^BD-\d{8}-/);
  await openReview(page, "Review payout", { amount: "1500.00", merchantReference: reference, "beneficiary.walletNumber": "01711111111" });
  // In test mode: the pocket, no "live".
  await expect(page.getByRole("dialog").getByTestId("review-debits")).toHaveText("Debits the BDT pocket.");
  await expect(page.getByRole("dialog", { name: "Send a Bangladesh payout", exact: true })).toBeVisible();
  await confirmTwice(page, "Send payout");

  await page.waitForURL(/\/payouts\/bangladesh\/tx_/);
  await expect(page.getByTestId("payout-status")).toHaveAttribute("data-status", "pending");
  await expect(page.getByTestId("payout-debit")).toHaveText("1,500.00 BDT");
  await expect(page.getByRole("button", { name: "Copy the transaction ID" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy the merchant reference" })).toBeVisible();
  const created = (await simPayouts(request, "test", "bangladesh")).filter((p) => p.merchantReference === reference);
  expect(created).toHaveLength(1);
  expect(page.url()).toContain(created[0]?.transactionId);
});

test("Brazil: a PIX payout sent once, debiting BRL; not enabled in live", async ({ page, signInAs, request }) => {
  await signInAs("admin");
  await page.goto("/payouts/brazil");
  await fillFields(page, {
    "Amount (BRL)": "320.00",
    "PIX key type": "CPF",
    "PIX key": "123.456.789-09",
    "Beneficiary name": "Ana Souza",
  });
  const reference = await page.getByLabel("Merchant reference", { exact: true }).inputValue();
  // The key as typed, with its dots and dash, is sent as the PIX directory holds it: digits alone.
  await openReview(page, "Review payout", { amount: "320.00", pixKeyType: "CPF", pixKey: "12345678909" });
  await expect(page.getByRole("dialog").locator('[data-reading="amount"]')).toHaveText("= 320.00 BRL");
  await confirmTwice(page, "Send payout");
  await page.waitForURL(/\/payouts\/brazil\/tx_/);
  await expect(page.getByTestId("payout-debit")).toHaveText("320.00 BRL");
  expect((await simPayouts(request, "test", "brazil")).filter((p) => p.merchantReference === reference)).toHaveLength(1);

  await useLiveMode(page);
  await page.goto("/payouts/brazil");
  await expect(page.getByTestId("market-unavailable")).toContainText("Brazil is not enabled");
});

test("Europe: below 1,000 EUR no approval; the page says PYUSD USDC cannot fund it", async ({ page, signInAs, request }) => {
  await signInAs("finance");
  await page.goto("/payouts/europe");
  await expect(page.getByTestId("europe-payout-explainer")).toContainText("The PYUSD USDC pocket cannot fund it");
  // Typed carelessly: the review shows what is sent, as the BFF normalises it.
  await fillFields(page, {
    "Amount (EUR)": "0100.00",
    "Beneficiary name": "Eva Muster",
    "Beneficiary IBAN": "de89 3704 0044 0532 0130 00",
  });
  const reference = await page.getByLabel("Merchant reference", { exact: true }).inputValue();
  await openReview(page, "Review payout", { amount: "100.00", "beneficiary.iban": "DE89370400440532013000" });
  await confirmTwice(page, "Send payout");
  await page.waitForURL(/\/payouts\/europe\/tx_/);
  await expect(page.getByTestId("payout-approval")).toHaveText("Not required");
  await expect(page.getByTestId("payout-debit")).toHaveText("108.000000 USDC");
  await expect(page.getByTestId("payout-amount")).toHaveText("100.00 EUR");
  expect((await simPayouts(request, "test", "europe")).filter((p) => p.merchantReference === reference)).toHaveLength(1);
});

test("Europe: 1,000 EUR waits under awaiting approval, and Approve (behind its own dialog) debits USDC", async ({
  page,
  signInAs,
  request,
}) => {
  await signInAs("finance");
  const id = await sendPayoutAwaitingApproval(page, "Big Supplier GmbH");
  await expect(page.getByTestId("payout-approval")).toContainText("Awaiting approval");
  // The USDC debit, known from the create answer, is on the page before the approve step.
  await expect(page.getByTestId("payout-debit")).toHaveText("1,080.000000 USDC");
  // The approve step is a second person's (payouts:approve, never the creator: maker-checker).
  await expect(page.getByRole("button", { name: `Approve payout ${id}` })).toHaveCount(0);
  const own = await page.request.post(`/api/payouts/europe/${id}/approve`, { headers: BFF_HEADERS });
  expect(own.status()).toBe(403);
  // Nothing is debited before approval.
  expect(await ledgerOf(request, "test", id)).toEqual([]);

  await signInAs("admin");
  await page.goto(`/payouts/europe/${id}`);
  await expect(page.getByRole("button", { name: `Approve payout ${id}` })).toBeVisible();
  await page.goto("/payouts");
  const item = page.getByTestId("awaiting-item").filter({ hasText: id });
  await expect(item).toContainText("1,000.00 EUR to Big Supplier GmbH, debits 1,080.000000 USDC");
  await item.getByRole("button", { name: `Approve payout ${id}` }).click();
  const dialog = page.getByRole("dialog", { name: "Approve this Europe payout?" });
  await expect(dialog).toContainText("debits the USDC pocket now");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(item).toBeVisible();

  await item.getByRole("button", { name: `Approve payout ${id}` }).click();
  await dialog.getByRole("button", { name: "Approve payout" }).click();
  await expect(page.getByTestId("awaiting-approval")).toContainText("Nothing awaits approval.");
  await page.goto(`/payouts/europe/${id}`);
  await expect(page.getByTestId("payout-approval")).toHaveText("Approved");
  const debits = await ledgerOf(request, "test", id);
  expect(debits.map((entry) => [entry.currency, entry.delta])).toEqual([["USDC", "-1080.000000"]]);
});

test("Europe: approving a payout that failed meanwhile says it has moved on, debits nothing, and the list lets it go", async ({
  page,
  signInAs,
  request,
}) => {
  await signInAs("finance");
  const id = await sendPayoutAwaitingApproval(page, "Late Supplier GmbH");
  // A second person approves (maker-checker).
  await signInAs("admin");
  await page.goto("/payouts");
  const item = page.getByTestId("awaiting-item").filter({ hasText: id });
  await expect(item).toBeVisible();

  // While the list is on screen, the payout fails upstream.
  expect((await request.post(`${SIMULATOR_URL}/_sim/settle`, { data: { env: "test", transactionId: id, outcome: "failed" } })).ok()).toBe(
    true,
  );
  await item.getByRole("button", { name: `Approve payout ${id}` }).click();
  const dialog = page.getByRole("dialog", { name: "Approve this Europe payout?" });
  await dialog.getByRole("button", { name: "Approve payout" }).click();
  await expect(dialog.getByRole("alert")).toContainText("the record has moved on since this page read it");
  await expect(dialog.getByRole("alert")).not.toContainText("No answer came back");
  expect(await ledgerOf(request, "test", id)).toEqual([]);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("awaiting-approval")).toContainText("Nothing awaits approval.");
});

test("payout writes and approve are refused to viewers (403), and the form refuses a missing beneficiary", async ({ page, signInAs }) => {
  await signInAs("viewer");
  const write = await page.request.post("/api/payouts/europe", {
    headers: BFF_HEADERS,
    data: { body: { amount: "10.00", merchantReference: "EU-x", beneficiary: { name: "E", iban: "DE89" } } },
  });
  expect(write.status()).toBe(403);
  expect((await page.request.post("/api/payouts/europe/tx_x/approve", { headers: BFF_HEADERS })).status()).toBe(403);

  await signInAs("finance");
  await page.goto("/payouts/bangladesh");
  await fillFields(page, { "Amount (BDT)": "10" });
  await page.getByRole("button", { name: "Review payout" }).click();
  await expect(page.getByText("Required").first()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the payouts page lists the newest payouts of every region, sent from here or not, each linked to its page", async ({
  page,
  signInAs,
  request,
}) => {
  await signInAs("finance");
  // More payouts than the page shows, so its link to the rest is always there to check.
  const seeded = (await simTransactions(request, "test")).filter((tx) => tx.type === "payout").length;
  for (let i = seeded; i <= 25; i++)
    await injectTransaction(request, { env: "test", type: "payout", rail: "bangladesh", currency: "BDT", amount: "10.00" });
  const truth = await simTransactions(request, "test");
  await page.goto("/payouts");
  const links = page.getByTestId("recent-payouts").getByRole("link");
  await expect(links.first()).toBeVisible();
  const first = (await links.first().textContent()) ?? "";
  // The newest payout of the simulator's whole list, whichever rail sent it.
  expect(first).toBe(truth.find((tx) => tx.type === "payout")?.id);
  // The newest 25; older ones (the simulator's list only grows) are a link away, on /transactions.
  expect(truth.filter((tx) => tx.type === "payout").length).toBeGreaterThan(25);
  await expect(page.getByTestId("recent-payouts").locator("tbody tr")).toHaveCount(25);
  await expect(page.getByRole("link", { name: "Transactions, filtered to payouts" })).toHaveAttribute("href", "/transactions?type=payout");
  await links.first().click();
  await expect(page).toHaveURL(new RegExp(`/(payouts/(bangladesh|brazil|europe)|nigeria/payouts|transactions)/${first}$`));
});
