// Issue 55 item 11: a background refresh that fails (the balance read answering 503 at the
// minute's refetch) keeps a form that has data, as typed, and says beside it that the refresh
// failed; it never replaces the form with "could not be checked".
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { confirmTwice, fillFields, openReview } from "./payins-helpers";
import { clearFaults, useLiveMode, wizardAtAccountNumber } from "./nigeria-helpers";

test.describe.configure({ mode: "serial" });
test.beforeEach(async ({ sim }) => {
  await sim.reset();
});
test.afterEach(async ({ request }) => {
  await clearFaults(request);
});

/** Moves the page's clock on until the minute's refresh (and its retries) has failed and been said. */
async function untilRefreshFails(page: Page): Promise<void> {
  const note = page.getByTestId("refresh-failed");
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(20_000);
        return note.count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
}

test("Bangladesh payout: a failed minute refresh keeps the form as typed and says the refresh failed beside it", async ({
  page,
  signInAs,
  sim,
}) => {
  await signInAs("finance");
  await page.clock.install();
  await page.goto("/payouts/bangladesh");
  const typed = { "Amount (BDT)": "1500.00", "Beneficiary name": "Karim Mia", "Beneficiary wallet number": "01711111111" };
  await fillFields(page, { ...typed, Wallet: "BKASH" });

  await sim.failNext(1000, 503, "/v1/balance");
  await untilRefreshFails(page);
  const note = page.getByTestId("refresh-failed");
  await expect(note).toContainText("Refreshing whether Bangladesh is enabled failed");
  await expect(page.getByText("could not be checked")).toHaveCount(0);
  for (const [label, value] of Object.entries(typed)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  await expect(page.getByLabel("Wallet", { exact: true })).toHaveValue("BKASH");
  await expect(page.getByRole("button", { name: "Review payout" })).toBeEnabled();

  // Answered again: the note goes, the form still as typed.
  await sim.clearFaults();
  await note.getByRole("button", { name: "Try again" }).click();
  await expect(note).toHaveCount(0);
  await expect(page.getByLabel("Beneficiary name", { exact: true })).toHaveValue("Karim Mia");
});

test("Nigeria payout wizard: a failed minute refresh keeps the step and what was chosen, and says so", async ({ page, signInAs, sim }) => {
  await signInAs("finance");
  await useLiveMode(page);
  await page.clock.install();
  await wizardAtAccountNumber(page);

  await sim.failNext(1000, 503, "/v1/balance");
  await untilRefreshFails(page);
  await expect(page.getByTestId("refresh-failed")).toContainText("Refreshing the Nigeria market state failed");
  await expect(page.getByLabel("Account number (NUBAN)")).toHaveValue("0123456789");
});

test("Settings: a failed refresh when the tab comes back keeps the webhook URL being typed, and says so", async ({
  page,
  signInAs,
  sim,
}) => {
  await signInAs("admin");
  await page.clock.install();
  await page.goto("/settings");
  const box = page.getByLabel("New webhook URL");
  await box.fill("https://hooks.example.com/new");

  await sim.failNext(1000, 503, "/v1/me");
  // The tab comes back after the settings went stale: the refetch on focus fails, its retries too.
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(31_000);
        await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
        return page.getByTestId("refresh-failed").count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(page.getByText("Settings could not be loaded.")).toHaveCount(0);
  await expect(box).toHaveValue("https://hooks.example.com/new");
});

test("India pay-in: a failed status poll keeps the UTR being typed, and says so above the pay-in", async ({ page, signInAs, sim }) => {
  await signInAs("finance");
  await page.clock.install();
  await page.goto("/payins/india");
  await fillFields(page, { Amount: "8850.00", "Amount is in": "INR" });
  await openReview(page, "Review request", { amount: "8850.00" });
  await confirmTwice(page, "Send request");
  await page.waitForURL(/\/payins\/india\/tx_/);
  await page.getByLabel("Bank UTR").fill("1234567");

  await sim.failNext(1000, 503, "/v1/*");
  await untilRefreshFails(page);
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  await expect(page.getByLabel("Bank UTR")).toHaveValue("1234567");
});
