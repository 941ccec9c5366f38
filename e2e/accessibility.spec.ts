import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { NAV_ITEMS } from "../lib/permissions";
import { expect, switchMode, test } from "./fixtures";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
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
