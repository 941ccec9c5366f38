// Issue 55 item 10: closing a dialog with Escape or its Cancel/Back/Close returns focus to the
// control that opened it, or to the dialog still open underneath; a wrong password or code sent
// with the button leaves focus in the box, ready for the next try.
import type { Locator, Page } from "@playwright/test";
import { PASSWORD, ROLE_EMAILS } from "./env";
import { expect, test } from "./fixtures";
import { fillFields } from "./payins-helpers";
import { makeStepUpStale, newTotpUser, signInWithCode } from "./totp";

test.beforeEach(async ({ sim }) => {
  await sim.reset();
});

async function expectFocused(locator: Locator): Promise<void> {
  await expect(locator).toBeFocused();
}

/** Fills the Bangladesh payout form and opens its review with the Review button. */
async function openBangladeshReview(page: Page): Promise<{ review: Locator; opener: Locator }> {
  await page.goto("/payouts/bangladesh");
  await fillFields(page, {
    "Amount (BDT)": "150.00",
    Wallet: "BKASH",
    "Beneficiary name": "Karim Mia",
    "Beneficiary wallet number": "01711111111",
  });
  const opener = page.getByRole("button", { name: "Review payout" });
  await opener.click();
  const review = page.getByRole("dialog", { name: "Send a Bangladesh payout" });
  await expect(review).toBeVisible();
  return { review, opener };
}

test("the transaction detail gives focus back to the id that opened it, after Escape and after Close", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto("/transactions");
  const opener = page.getByTestId("tx-row").first().getByRole("button");
  const dialog = page.getByRole("dialog", { name: "Transaction" });

  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expectFocused(opener);

  await opener.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await expectFocused(opener);
});

test("the menu sheet gives focus back to Menu, after Escape and after Close", async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs("viewer");
  await page.goto("/transactions");
  const menu = page.getByRole("button", { name: "Menu" });
  const sheet = page.getByRole("dialog", { name: "Menu" });

  await menu.click();
  await expect(sheet).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  await expectFocused(menu);

  await menu.click();
  await sheet.getByRole("button", { name: "Close" }).click();
  await expect(sheet).toHaveCount(0);
  await expectFocused(menu);
});

test("the review gives focus back to its Review button, after Escape and after Back", async ({ page, signInAs }) => {
  await signInAs("finance");
  const { review, opener } = await openBangladeshReview(page);
  await page.keyboard.press("Escape");
  await expect(review).toHaveCount(0);
  await expectFocused(opener);

  await opener.click();
  await review.getByRole("button", { name: "Back" }).click();
  await expect(review).toHaveCount(0);
  await expectFocused(opener);
});

test("the step-up over the review gives focus back to the review, after Cancel and after Escape; a wrong code keeps it in the box", async ({
  page,
}) => {
  const user = newTotpUser("finance");
  await signInWithCode(page.request, user);
  await makeStepUpStale(user.email);
  const { review } = await openBangladeshReview(page);
  const stepUp = page.getByRole("dialog", { name: "Confirm it is you" });

  await review.getByRole("button", { name: "Send payout" }).click();
  await expect(stepUp).toBeVisible();
  await stepUp.getByRole("button", { name: "Cancel" }).click();
  await expect(stepUp).toHaveCount(0);
  await expect(review).toBeVisible();
  await expect.poll(() => review.evaluate((node) => node.contains(document.activeElement))).toBe(true);

  await review.getByRole("button", { name: "Send payout" }).click();
  await expect(stepUp).toBeVisible();
  // A wrong code sent with the button: the box keeps focus.
  await stepUp.getByLabel("Code").fill("000000");
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(stepUp.getByRole("alert")).toContainText("not right");
  await expectFocused(stepUp.getByLabel("Code"));

  await page.keyboard.press("Escape");
  await expect(stepUp).toHaveCount(0);
  await expect(review).toBeVisible();
  await expect.poll(() => review.evaluate((node) => node.contains(document.activeElement))).toBe(true);
});

// The form's own alert: after the client navigation to the code step, Next's route announcer is
// a second (empty or title-bearing) role="alert" on the page.
test("a wrong password or code sent with the button keeps focus in its box", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(ROLE_EMAILS.viewer);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toBeVisible();
  await expectFocused(page.getByLabel("Password"));

  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/sign-in\/code/);
  await page.getByLabel("Code").fill("000000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator("form").getByRole("alert")).toBeVisible();
  await expectFocused(page.getByLabel("Code"));
});
