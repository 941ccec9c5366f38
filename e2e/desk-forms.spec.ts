// Careless input at the desk (issue 20): each form says what is wrong before anything is
// reviewed or sent, one message per field, and a dialog's buttons stay in reach however long
// the values in it are.
import { expect, test } from "./fixtures";
import { GTB, useLiveMode } from "./nigeria-helpers";

test("a 13-digit account number pasted into the NUBAN box is refused as such, and no name is looked up", async ({ page, signInAs }) => {
  await signInAs("finance");
  await useLiveMode(page);
  await page.goto("/nigeria/payouts/new");
  await page.getByLabel("Search banks").fill("guaranty");
  await page.getByRole("radio", { name: GTB.bankName }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  const enquiries: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/nigeria/verify-account")) enquiries.push(request.url());
  });
  await page.getByLabel("Account number (NUBAN)").fill("0123456789123");
  await expect(page.getByLabel("Account number (NUBAN)")).toHaveValue("0123456789123");
  await page.getByRole("button", { name: "Look up account name" }).click();
  await expect(page.getByText("Account number (NUBAN) is exactly 10 digits")).toBeVisible();
  await expect(page.getByTestId("resolved-name")).toHaveCount(0);
  expect(enquiries).toEqual([]);
});

test("markup in a virtual-account name is refused with one message", async ({ page, signInAs }) => {
  await signInAs("admin");
  await useLiveMode(page);
  await page.goto("/nigeria/virtual-account");
  const form = page.getByRole("form", { name: "Provision the virtual account" });
  await form.getByLabel("First name").fill("<script>alert(1)</script>");
  await form.getByRole("button", { name: "Provision account" }).click();
  await expect(form.getByText("Letters, digits, spaces and . , ' - & ( ) / only, starting with a letter")).toHaveCount(1);
  await expect(page.getByTestId("va-provisioning")).toHaveCount(0);
});

test("the transactions amount and date filters say what is wrong and which value still applies", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto("/transactions?min=100");
  await page.getByLabel("Min").fill("1e3");
  // Not while typing ("12." and "-" are on their way to a number): once the box is left.
  await expect(page.getByRole("group", { name: "Amount" }).getByRole("alert")).toHaveCount(0);
  await page.getByLabel("Min").press("Tab");
  await expect(page.getByRole("alert").filter({ hasText: "A number such as 150.50 or -20. Still using 100." })).toBeVisible();
  await expect(page).toHaveURL(/min=100(&|$)/);
  await page.getByLabel("Max").fill("😀");
  await page.getByLabel("Max").press("Tab");
  await expect(page.getByRole("alert").filter({ hasText: "No maximum applies." })).toBeVisible();

  await page.getByLabel("From").fill("2026-03-10");
  await page.getByLabel("To (inclusive)").fill("2026-03-01");
  await expect(page.getByRole("alert").filter({ hasText: "From is after To" })).toBeVisible();
});

test("a minimum above the maximum says why nothing matches, once the box is left, and swaps on request", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto("/transactions?min=500");
  const amount = page.getByRole("group", { name: "Amount" });
  // Typing "1000" passes through 1, 10 and 100, each below 500 for a keystroke: nothing is said then.
  await page.getByLabel("Max").pressSequentially("100");
  await expect(page).toHaveURL(/max=100(&|$)/);
  await expect(amount.getByRole("alert")).toHaveCount(0);
  await page.getByLabel("Max").press("Tab");
  await expect(amount.getByRole("alert")).toHaveText("Min 500 is above Max 100, so no amount matches. Swap them");
  await amount.getByRole("button", { name: "Swap them" }).click();
  await expect(page).toHaveURL(/min=100&max=500|max=500&min=100/);
  await expect(page.getByLabel("Min")).toHaveValue("100");
  await expect(page.getByLabel("Max")).toHaveValue("500");
  await expect(amount.getByRole("alert")).toHaveCount(0);
  // A link with the bounds reversed says so at once.
  await page.goto("/transactions?min=20&max=3");
  await expect(page.getByRole("group", { name: "Amount" }).getByRole("alert")).toContainText("Min 20 is above Max 3");
});

test("an amount bound over several currencies says each row counts in its own; one currency chosen, nothing to say", async ({
  page,
  signInAs,
}) => {
  await signInAs("viewer");
  await page.goto("/transactions");
  const amount = page.getByRole("group", { name: "Amount" });
  await expect(page.getByTestId("amount-currency-note")).toHaveCount(0);
  await page.getByLabel("Min").fill("1000");
  await expect(page.getByTestId("amount-currency-note")).toHaveText(
    "Each row counts in its own currency. Choose one currency to compare like with like.",
  );
  await expect(amount).toHaveAccessibleDescription(/Each row counts in its own currency/);
  await page.goto("/transactions?min=1000&currency=NGN");
  await expect(page.getByLabel("Min")).toHaveValue("1000");
  await expect(page.getByTestId("amount-currency-note")).toHaveCount(0);
});

test("at 360 px a review dialog taller than the window keeps its buttons in view", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/settings");
  // A long but valid URL: 2,000 characters, no spaces.
  const url = `https://hooks.merchant.example/${"p".repeat(2_000 - "https://hooks.merchant.example/".length)}`;
  await page.getByLabel("New webhook URL").fill(url);
  await page.getByRole("button", { name: "Review change" }).click();
  const dialog = page.getByRole("dialog", { name: "Change the webhook URL?" });
  await expect(dialog.getByTestId("webhook-new")).toHaveText(url);
  expect(await dialog.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await expect(dialog.getByRole("button", { name: "Change webhook URL" })).toBeInViewport();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});

test("a 10,000-character webhook URL is refused before any review", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/settings");
  await page.getByLabel("New webhook URL").fill(`https://hooks.merchant.example/${"p".repeat(10_000)}`);
  await page.getByRole("button", { name: "Review change" }).click();
  await expect(page.getByText("A webhook URL has at most 2,048 characters")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a form whose checks cannot be downloaded says so and sends nothing; the next try works", async ({ page, signInAs }) => {
  await signInAs("support");
  await page.goto("/lookup");
  await expect(page.getByRole("heading", { level: 1, name: "Lookup" })).toBeVisible();
  // The page is loaded; from here every script chunk fails, as on a dropped connection.
  const chunks = "**/_next/static/chunks/**";
  await page.route(chunks, (route) => route.abort("internetdisconnected"));
  const lookups: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/search")) lookups.push(request.url());
  });
  const box = page.getByRole("search", { name: "Payments" }).getByLabel("Search payments");
  await box.fill("tx_DOESNOTMATTER");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const message = page.locator("#lookup-error");
  await expect(message).toHaveText("This form's checks could not be loaded, so nothing was sent. Check the connection and try again.");
  expect(lookups).toEqual([]);
  await page.unroute(chunks);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(message).toHaveCount(0);
  await expect.poll(() => lookups.length).toBeGreaterThan(0);
});
