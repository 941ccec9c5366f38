import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { NAV_ITEMS } from "../lib/permissions";
import { expect, switchMode, test } from "./fixtures";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function expectNoViolations(page: Page, label: string) {
  // Legacy mode runs axe in the page itself. The default opens a blank page per scan to merge
  // cross-origin frames' results, about 1 s each here; the CSP (default-src 'self') lets in no
  // frame from another origin, and same-origin frames are still scanned.
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Waits for client widgets to settle, so axe checks the loaded page and not the skeletons. */
async function waitForContent(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
}

test("the sign-in page, with and without an error", async ({ page }) => {
  await page.goto("/sign-in");
  await expectNoViolations(page, "/sign-in");
  await page.getByLabel("Email").fill("someone@demo.test");
  await page.getByLabel("Password").fill("wrong-password-123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
  await expectNoViolations(page, "/sign-in with an error");
});

for (const mode of ["test", "live"] as const) {
  test(`every dashboard page in ${mode} mode`, async ({ page, signInAs }) => {
    test.setTimeout(90_000); // six full axe scans on two shared cores
    await signInAs("admin");
    await page.goto("/");
    if (mode === "live") await switchMode(page, "live");
    for (const item of NAV_ITEMS) {
      await page.goto(item.href);
      await waitForContent(page);
      await expectNoViolations(page, `${item.href} (${mode})`);
    }
  });
}

test("the region pay-in and payout forms, a status page and the review dialog", async ({ page, signInAs }) => {
  test.setTimeout(90_000); // seven full axe scans on two shared cores, as the page tour above
  await signInAs("admin");
  for (const path of [
    "/payins/bangladesh",
    "/payins/brazil",
    "/payins/india",
    "/payins/europe",
    "/payins/pyusd",
    "/payouts/bangladesh",
    "/payouts/brazil",
    "/payouts/europe",
  ]) {
    await page.goto(path);
    await waitForContent(page);
    await expectNoViolations(page, path);
  }
  await page.goto("/payins/europe");
  await page.getByLabel("Amount", { exact: true }).fill("20.00");
  await page.getByLabel("Customer name", { exact: true }).fill("Eva");
  await page.getByLabel("Customer email", { exact: true }).fill("eva@example.com");
  await page.getByRole("button", { name: "Review request" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "pay-in review dialog");
  await page.getByRole("dialog").getByRole("button", { name: "Send request" }).click();
  await page.waitForURL(/\/payins\/europe\/tx_/);
  await waitForContent(page);
  await expectNoViolations(page, "Europe pay-in status");
});

test("the live-mode confirmation dialog and the not-found page", async ({ page, signInAs }) => {
  await signInAs("support");
  await page.goto("/transactions");
  await waitForContent(page);
  await page.getByRole("group", { name: "Mode" }).getByRole("button", { name: "Live" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "mode dialog");
  await page.getByRole("button", { name: "Stay in test" }).click();

  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expectNoViolations(page, "not found (dashboard)");

  await page.goto("/no-such-page");
  await expectNoViolations(page, "not found (root)");
});

test("the Nigeria payout wizard, its review dialog, a payout's status page and the provision form (live)", async ({
  page,
  signInAs,
  sim,
}) => {
  await sim.reset();
  await signInAs("admin");
  await page.goto("/");
  await switchMode(page, "live");

  await page.goto("/nigeria/virtual-account");
  await waitForContent(page);
  await expectNoViolations(page, "/nigeria/virtual-account (provision form)");

  await page.goto("/nigeria/payouts/new");
  await waitForContent(page);
  await expectNoViolations(page, "/nigeria/payouts/new (bank step)");
  await page.getByRole("radio", { name: "Guaranty Trust Bank" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Account number (NUBAN)").fill("0123456789");
  await page.getByRole("button", { name: "Look up account name" }).click();
  await page.getByRole("checkbox", { name: "This is the person or business I mean to pay" }).check();
  await expectNoViolations(page, "/nigeria/payouts/new (account step)");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Amount (NGN)").fill("100");
  await page.getByRole("button", { name: "Review payout" }).click();
  await expect(page.getByText("Amount must be at least 500.00 NGN")).toBeVisible();
  await expectNoViolations(page, "/nigeria/payouts/new (details step with an error)");
  await page.getByLabel("Amount (NGN)").fill("750");
  await page.getByRole("button", { name: "Review payout" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "payout review dialog");
  await page.getByRole("button", { name: "Send payout" }).click();
  await expect(page.getByTestId("payout-status")).toBeVisible();
  await expectNoViolations(page, "/nigeria/payouts/[id]");
});
