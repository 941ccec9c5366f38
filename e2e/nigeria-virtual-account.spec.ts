import { SIMULATOR_URL } from "./env";
import { afterHydration, expect, test } from "./fixtures";
import { holdRequests } from "./hold-requests";
import { simPost, useLiveMode } from "./nigeria-helpers";

test.describe.configure({ mode: "serial" });
test.beforeEach(async ({ sim }) => {
  await sim.reset();
});

const BVN = "22212345678";
const DOB = "1988-04-09";

test("the provision form holds still as it hydrates: its reference's line is kept for it, so the button does not move", async ({
  page,
  signInAs,
}) => {
  await signInAs("admin");
  await useLiveMode(page);
  // The page's scripts held back: what the server rendered, before the reference exists (it is made in the tab).
  const release = await holdRequests(page, /\/_next\/static\/chunks\/.*\.js$/);
  await page.goto("/nigeria/virtual-account", { waitUntil: "commit" });
  const button = page.getByRole("button", { name: "Provision account" });
  await expect(button).toBeVisible();
  const before = await button.boundingBox();
  // Held for its line, not said: nothing for a screen reader until there is a reference.
  await expect(page.getByText(/^Reference/)).toBeHidden();
  release();
  await expect(page.getByText(/^Reference VA-/)).toBeVisible();
  expect(await button.boundingBox()).toEqual(before);
});

test("provisioning: field errors, masked personal data, no details until ready, then details and inbound credits", async ({
  page,
  signInAs,
  request,
}) => {
  await signInAs("admin");
  await useLiveMode(page);
  await page.goto("/nigeria/virtual-account");

  const form = page.getByRole("form", { name: "Provision the virtual account" });
  await form.getByLabel("BVN").fill("123");
  await form.getByLabel("Date of birth").fill("2999-01-01");
  await form.getByRole("button", { name: "Provision account" }).click();
  await expect(form.getByText("BVN is 11 digits")).toBeVisible();
  await expect(form.getByText("Date of birth must be a real date in the past")).toBeVisible();
  await expect(form.getByText("First name is required")).toBeVisible();

  await form.getByLabel("BVN").fill(BVN);
  await form.getByLabel("First name").fill("Ada");
  await form.getByLabel("Last name").fill("Obi");
  await form.getByLabel("Phone number").fill("+2348012345678");
  await form.getByLabel("Date of birth").fill(DOB);
  await form.getByLabel("Email").fill("ada@example.com");
  await form.getByRole("button", { name: "Provision account" }).click();

  const provisioning = page.getByTestId("va-provisioning");
  await expect(provisioning).toBeVisible();
  await expect(provisioning).toContainText("•••••••••78");
  await expect(page.getByText(BVN)).toHaveCount(0);
  await expect(page.getByText(DOB)).toHaveCount(0);
  await expect(page.getByTestId("va-ready")).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain(BVN);
  expect(stored).not.toContain(DOB);

  // The simulator makes it ready two simulated minutes later; the page is polling.
  await simPost(request, "/_sim/advance", { seconds: 150 });
  const ready = page.getByTestId("va-ready");
  await expect(ready).toBeVisible({ timeout: 30_000 });
  const state = (await (await request.get(`${SIMULATOR_URL}/_sim/state?env=live`)).json()) as {
    virtualAccount: { accountNumber: string; accountName: string };
  };
  await expect(ready).toContainText(state.virtualAccount.accountNumber);
  await expect(ready).toContainText("Providus Bank");
  await expect(page.getByTestId("va-share-text")).toContainText(`Account number: ${state.virtualAccount.accountNumber}`);
  await expect(page.getByRole("button", { name: "Copy account number" })).toBeVisible();

  await simPost(request, "/_sim/ngn/inbound", { amount: "2500.00", senderName: "CUSTOMER ONE" });
  await page.reload();
  await expect(page.getByRole("table", { name: "Inbound NGN credits, newest first" })).toContainText("2,500.00 NGN");
  await expect(page.getByText("Each inbound credit must be between 100.00 NGN and 5,000,000.00 NGN")).toBeVisible();
});

test("a viewer sees the account state but no provision form", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await useLiveMode(page);
  await page.goto("/nigeria/virtual-account");
  await expect(page.getByText("No virtual account yet.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Provision the virtual account" })).toHaveCount(0);
});

test("market not enabled gets its own state, in the page's first HTML, with no browser read to meet the 403 again", async ({
  page,
  signInAs,
  sim,
}) => {
  await sim.setMarket("live", "nigeria", false);
  await signInAs("finance");
  await useLiveMode(page);
  const accountOrPayoutReads: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path === "/api/nigeria/virtual-account" || path.startsWith("/api/nigeria/payouts/tx_")) accountOrPayoutReads.push(path);
  });
  // The account page and a payout's status page learn the refusal from their server read.
  for (const path of ["/nigeria/virtual-account", "/nigeria/payouts/tx_ANY_PAYOUT"]) {
    const html = await (await page.request.get(path)).text();
    expect(html.includes('data-testid="nigeria-not-enabled"'), `${path}: the state in the first HTML`).toBe(true);
    await page.goto(path);
    await expect(page.getByTestId("nigeria-not-enabled"), path).toContainText("approval and KYC verification");
    await afterHydration(page);
  }
  await page.goto("/nigeria/payouts");
  await expect(page.getByTestId("nigeria-not-enabled")).toBeVisible();
  await afterHydration(page);
  expect(accountOrPayoutReads).toEqual([]);
});

test("test mode shows that Nigeria is live only, not an error", async ({ page, signInAs }) => {
  await signInAs("admin");
  for (const path of ["/nigeria/virtual-account", "/nigeria/payouts", "/nigeria/payouts/new"]) {
    await page.goto(path);
    await expect(page.getByTestId("nigeria-live-only"), path).toContainText("Nigeria is live only");
    // Scoped to the page body: Next's route announcer is an alert region of its own.
    await expect(page.locator("#main").getByRole("alert")).toHaveCount(0);
  }
});

test("the date of birth box takes the date as its hint says, typed key by key, in any browser locale", async ({ page, signInAs }) => {
  await signInAs("admin");
  await useLiveMode(page);
  await page.goto("/nigeria/virtual-account");
  await afterHydration(page);
  const form = page.getByRole("form", { name: "Provision the virtual account" });
  const dob = form.getByLabel("Date of birth");
  await expect(dob).toHaveAccessibleDescription(/YYYY-MM-DD/);
  // Typed as told: a date picker read these keys in its own order and made 0517-12-09.
  await dob.pressSequentially("1990-05-17");
  await expect(dob).toHaveValue("1990-05-17");
  // A slip that still looks like a date is refused with a sentence.
  await dob.fill("0517-12-09");
  await form.getByRole("button", { name: "Provision account" }).click();
  await expect(form.getByText("Date of birth must be after 1900-01-01")).toBeVisible();
});
