// A phone's width (issue 20): at 360 px no page scrolls sideways, for any role, and the
// navigation folds into a Menu sheet that reaches every page the role may use.
import { navFor, ROLES } from "../lib/permissions";
import { expect, test } from "./fixtures";

const PHONE = { width: 360, height: 780 };

/** Wider than the window: what a reader would have to scroll sideways to see. */
const sidewaysOverflow = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Words split across two lines although they would fit whole on one ("BD T", "banglades h"):
 * each word's pieces are measured with a Range. A word wider than its block may wrap (a PIX
 * code, a 2,000-character URL); a break right after a hyphen or slash is a normal break.
 */
const wordsBrokenMidWord = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(".sr-only, script, style, noscript, template")) continue;
      const text = (node as Text).data;
      for (const match of text.matchAll(/[^\s\-/–—]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        if (new Set(rects.map((rect) => Math.round(rect.top))).size < 2) continue;
        let block: HTMLElement | null = parent;
        while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
        if (!block) continue;
        const style = getComputedStyle(block);
        const room = block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const width = rects.reduce((sum, rect) => sum + rect.width, 0);
        if (width <= room) broken.push(match[0]);
      }
    }
    return broken;
  });

for (const role of ROLES) {
  test(`${role}: no page scrolls sideways at 360 px, and no word breaks where it would fit`, async ({ page, signInAs }) => {
    await page.setViewportSize(PHONE);
    await signInAs(role);
    for (const path of [...navFor(role).map((item) => item.href), "/account"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Loaded: no skeleton or pending widget left to widen the page afterwards.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await sidewaysOverflow(page), `${path} at 360 px`).toBe(0);
      expect(await wordsBrokenMidWord(page), `${path} at 360 px`).toEqual([]);
    }
  });
}

test("a transaction's page holds its whole id on one line at 360 px", async ({ page, signInAs }) => {
  await page.setViewportSize(PHONE);
  await signInAs("support");
  await page.goto("/transactions");
  const id = (await page.getByTestId("tx-row").first().getAttribute("data-id")) ?? "";
  expect(id).toMatch(/^tx_/);
  await page.goto(`/transactions/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(id);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await wordsBrokenMidWord(page)).toEqual([]);
});

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

// Issue 55 item 15: on a phone the transactions table cuts ids short, and a title (a tooltip) is
// nothing on a touch screen: a tap on the cut id shows the whole of it, with a Copy beside it.
test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });

  test("at 360 px a tap on a cut transaction id shows the whole id with a Copy button", async ({ page, signInAs }) => {
    await page.setViewportSize(PHONE);
    await signInAs("viewer");
    await page.goto("/transactions");
    const id = page.getByTestId("tx-row").first().getByRole("button");
    const full = (await id.getAttribute("title")) ?? "";
    expect(full).toMatch(/^tx_\w+$/);
    // Cut: the button is narrower than its text.
    expect(await id.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
    await id.tap();
    const dialog = page.getByRole("dialog", { name: "Transaction" });
    const shown = dialog.getByText(full, { exact: true });
    await expect(shown).toBeVisible();
    expect(await shown.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    await expect(dialog.getByRole("button", { name: "Copy transaction ID" })).toBeVisible();
  });
});
