// A phone's width (issue 20): at 360 px no page scrolls sideways, for any role, and the
// navigation folds into a Menu sheet that reaches every page the role may use.
import { navFor, ROLES } from "../lib/permissions";
import { expect, test } from "./fixtures";

const PHONE = { width: 360, height: 780 };

/** Wider than the window: what a reader would have to scroll sideways to see. */
const sidewaysOverflow = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const role of ROLES) {
  test(`${role}: no page scrolls sideways at 360 px`, async ({ page, signInAs }) => {
    await page.setViewportSize(PHONE);
    await signInAs(role);
    for (const path of [...navFor(role).map((item) => item.href), "/account"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Loaded: no skeleton or pending widget left to widen the page afterwards.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await sidewaysOverflow(page), `${path} at 360 px`).toBe(0);
    }
  });
}

test("on a phone the navigation is a Menu sheet: every page of the role, the account and sign-out", async ({ page, signInAs }) => {
  await page.setViewportSize(PHONE);
  await signInAs("finance");
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await page.getByRole("button", { name: "Menu" }).click();
  const sheet = page.getByRole("dialog", { name: "Menu" });
  const links = sheet.getByRole("navigation", { name: "Main" }).getByRole("link");
  await expect(links).toHaveText(navFor("finance").map((item) => item.label));
  await expect(sheet.getByRole("button", { name: "Sign out" })).toBeVisible();
  await links.filter({ hasText: "Transactions" }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(sheet).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
});
