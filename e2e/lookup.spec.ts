import { expect, test } from "./fixtures";
import { simTransactions, syncDashboard, useLiveMode } from "./transactions-helpers";

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ page, signInAs }) => {
  // Lookup is for every role; support is the one it is built for.
  await signInAs("support");
  await useLiveMode(page);
});

const searchBox = (page: import("@playwright/test").Page) => page.getByRole("search", { name: "Payments" }).getByLabel("Search payments");

async function lookUp(page: import("@playwright/test").Page, value: string): Promise<void> {
  await page.goto("/lookup");
  await searchBox(page).fill(value);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

/** The results in live mode (the search reads test and live together). */
const liveMatches = (page: import("@playwright/test").Page) => page.locator('[data-testid="search-result"][data-environment="live"]');

test("finds a transaction by its transactionId", async ({ page }) => {
  const truth = await simTransactions(page.request);
  const target = truth[230]!;
  await lookUp(page, target.id);
  await expect(liveMatches(page)).toHaveAttribute("data-id", target.id);
  await expect(liveMatches(page).getByTestId("matched-on")).toHaveText("Matched on transaction ID");
  await expect(page.getByText("is not a payment link", { exact: false }).first()).toBeVisible();
});

test("finds an id typed in lower case or in capitals; an empty box and a pasted page say what is wrong and look nothing up", async ({
  page,
}) => {
  const truth = await simTransactions(page.request);
  const target = truth[12]!;
  await lookUp(page, target.id.toLowerCase());
  await expect(liveMatches(page)).toHaveAttribute("data-id", target.id);
  // Copied from a ticket written in capitals: the prefix too.
  await lookUp(page, target.id.toUpperCase());
  await expect(liveMatches(page)).toHaveAttribute("data-id", target.id);

  const box = searchBox(page);
  await box.fill("   ");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Enter what the caller has" })).toBeVisible();
  await box.fill("x".repeat(10_000));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "longer than anything the search matches" })).toBeVisible();
  // Neither was looked up: the URL still names the last real lookup.
  await expect(page).toHaveURL(new RegExp(`q=${target.id.toUpperCase()}`));
});

test("finds a platformOrderId past the first page of the list", async ({ page }) => {
  const truth = await simTransactions(page.request);
  await syncDashboard(page, truth);
  const target = truth[250]!;
  const all = truth.filter((t) => t.platformOrderId === target.platformOrderId);
  await lookUp(page, target.platformOrderId);
  await expect(liveMatches(page)).toHaveCount(all.length, { timeout: 20_000 });
  await expect(liveMatches(page).first().getByTestId("matched-on")).toContainText("platform order ID");
  await expect(liveMatches(page).first()).toHaveAttribute("data-id", target.id);
  await expect(page).toHaveURL(new RegExp(`q=${target.platformOrderId}`));

  // A link pasted from a chat, the order id followed by a zero-width space and a newline: the page
  // searches what the route matches, the visible id.
  await page.goto(`/lookup?q=${encodeURIComponent(`${target.platformOrderId}\u200b\n`)}`);
  await expect(liveMatches(page)).toHaveCount(all.length, { timeout: 20_000 });
  await expect(searchBox(page)).toHaveValue(target.platformOrderId);
});

test("says when nothing matches in either mode", async ({ page }) => {
  await lookUp(page, "NO-SUCH-REFERENCE-123");
  await expect(page.getByTestId("lookup-none")).toContainText("Nothing in test or live matches", { timeout: 20_000 });
});

test("Back returns to the previous lookup, with its value in the box", async ({ page }) => {
  const truth = await simTransactions(page.request);
  const [first, second] = [truth[10]!, truth[20]!];
  await lookUp(page, first.id);
  await expect(liveMatches(page)).toHaveAttribute("data-id", first.id);
  const box = searchBox(page);
  await box.fill(second.id);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(liveMatches(page)).toHaveAttribute("data-id", second.id);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`q=${first.id}`));
  await expect(box).toHaveValue(first.id);
  await expect(liveMatches(page)).toHaveAttribute("data-id", first.id);
  await page.goForward();
  await expect(box).toHaveValue(second.id);
});

test("support is not offered the Nigeria payout status page it may not open, on /lookup or on the transaction page", async ({ page }) => {
  const truth = await simTransactions(page.request);
  const ngnPayout = truth.find((t) => t.type === "payout" && t.currency === "NGN")!;
  await lookUp(page, ngnPayout.id);
  const match = liveMatches(page);
  await expect(match).toHaveAttribute("data-id", ngnPayout.id);
  await expect(match.getByRole("link", { name: "Open the Nigeria payout status page" })).toHaveCount(0);
  // What support may read about it is on the transaction page, which it can open.
  await match.getByRole("link", { name: `Open ${ngnPayout.id}` }).click();
  const section = page.getByRole("region", { name: `Transaction ${ngnPayout.id}` });
  await expect(section).toContainText(ngnPayout.platformOrderId);
  await expect(section.getByRole("link", { name: "Open the Nigeria payout status page" })).toHaveCount(0);
  expect((await page.request.get(`/nigeria/payouts/${ngnPayout.id}`)).status()).toBe(404);
});
