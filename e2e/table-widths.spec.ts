// Tables at the widths staff use: every column shown fits its table's box, so none hides past the
// right edge or behind a sideways swipe. The transactions table on a laptop (1280 px, the narrowest
// common one), from 768 to 1024 px and on a phone; the short lists of payouts and credits and the totals per
// currency on a phone. In live mode, whose list holds the longest amounts ("250.000000 PYUSD USDC");
// the laptop test also in a zone whose offset takes longer to write (India's UTC+5:30), since every
// time carries the viewer's offset.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
// Renamed here: an e2e helper, not a React hook (the hooks lint rule goes by the name).
import { useLiveMode as switchToLiveMode } from "./transactions-helpers";

/**
 * Finance in live mode on the rails with the longest label and the longest amounts (interleaved by
 * date), at `width` px; the table once its times are filled in (after hydration, in the viewer's
 * zone), so it is measured as the reader sees it.
 */
async function openWidestList(page: Page, signIn: () => Promise<void>, width: number, time: RegExp): Promise<Locator> {
  await page.setViewportSize({ width, height: 800 });
  await signIn();
  await switchToLiveMode(page);
  await page.goto("/transactions?rail=bangladesh,pyusd");
  const table = page.getByRole("region", { name: "Transactions table" });
  await expect(table.getByTestId("tx-row").first()).toContainText(time);
  return table;
}

/** How far the table's box scrolls sideways: 0 when every column shown fits. */
const sidewaysInBox = (table: Locator) => table.evaluate((box) => box.scrollWidth - box.clientWidth);

/** How far each of `cells` ends past `box`'s right edge, for those that do (measured, not scrolled to). */
async function pastRightEdge(box: Locator, cells: Locator): Promise<number[]> {
  const edge = await box.evaluate((element) => element.getBoundingClientRect().right);
  const rights = await cells.evaluateAll((found) => found.map((cell) => cell.getBoundingClientRect().right));
  return rights.filter((right) => right > edge).map((right) => right - edge);
}

for (const timezoneId of ["UTC", "Asia/Kolkata"]) {
  test.describe(timezoneId, () => {
    test.use({ timezoneId });

    test(`the transactions table fits a 1280 px screen without scrolling sideways, and shows whole ids from 1440 px (${timezoneId})`, async ({
      page,
      signInAs,
    }) => {
      const time = timezoneId === "UTC" ? /\d{2}:\d{2}:\d{2} UTC(?!\+)/ : /\d{2}:\d{2}:\d{2} UTC\+5:30/;
      const table = await openWidestList(page, () => signInAs("finance"), 1280, time);
      const firstRow = table.getByTestId("tx-row").first();
      expect(await sidewaysInBox(table)).toBe(0);
      await expect(table.getByRole("columnheader", { name: /Completed/ })).toBeInViewport({ ratio: 1 });
      // Below the widest screens the currency follows each amount instead of having a column.
      await expect(table.getByRole("columnheader", { name: /Currency/ })).toBeHidden();
      await expect(firstRow.locator("td").nth(5)).toHaveText(/^[\d,]+\.\d+\s*[A-Z]{3,5}( [A-Z]{3,5})?$/, { useInnerText: true });
      // The id is cut short at this width; its title holds all of it.
      const id = firstRow.getByRole("button");
      expect(await id.evaluate((button) => button.scrollWidth > button.clientWidth)).toBe(true);
      await expect(id).toHaveAttribute("title", /^tx_\w+$/);
      await expect(id).toHaveAttribute("title", (await firstRow.getAttribute("data-id"))!);
      // From 1440 px there is room for the whole id, and still no sideways scroll.
      await page.setViewportSize({ width: 1440, height: 800 });
      await expect.poll(() => id.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
      expect(await sidewaysInBox(table)).toBe(0);
    });
  });
}

// A window of 1024 px (a small laptop, half of a wide screen): the pages fold into the Menu sheet
// (below xl), so the table has the window's width and fits it.
test("at 1024 px the pages are in the Menu sheet and the transactions table fits the window", async ({ page, signInAs }) => {
  const table = await openWidestList(page, () => signInAs("finance"), 1024, /\d{2}:\d{2}:\d{2} UTC/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  expect(await sidewaysInBox(table)).toBe(0);
  await expect(table.getByRole("columnheader", { name: /Completed/ })).toBeInViewport({ ratio: 1 });
  // The sheet has the pages; the header still has the merchant and the account, so the sheet does not repeat them.
  await page.getByRole("button", { name: "Menu" }).click();
  const sheet = page.getByRole("dialog", { name: "Menu" });
  await expect(sheet.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect(await sheet.getByRole("button", { name: "Sign out" }).count()).toBe(0);
  await sheet.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Lookup" }).click();
  await expect(page).toHaveURL(/\/lookup$/);
  await expect(sheet).toBeHidden();
});

// Between a phone and a small laptop (md to lg: 768–1023 px, a tablet or half of a laptop's screen)
// six columns stay and fit the box; the platform order id and the completion time come back at lg.
// Before, at 768 px the table needed ~930 px of a ~720 px box. In the zone with the longer offset.
test.describe("Asia/Kolkata", () => {
  test.use({ timezoneId: "Asia/Kolkata" });

  test("from 768 to 1023 px the transactions table keeps six columns inside its box, and the other two come back at 1024 px", async ({
    page,
    signInAs,
  }) => {
    const table = await openWidestList(page, () => signInAs("finance"), 768, /\d{2}:\d{2}:\d{2} UTC\+5:30/);
    const cells = table.getByTestId("tx-row").locator("td");
    const orderId = table.getByRole("columnheader", { name: /Platform order ID/ });
    const completed = table.getByRole("columnheader", { name: /Completed/ });
    for (const width of [768, 960, 1023]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(orderId).toBeHidden();
      await expect(completed).toBeHidden();
      await expect(table.getByRole("columnheader")).toHaveCount(6);
      expect(await sidewaysInBox(table)).toBe(0);
      expect(await pastRightEdge(table, cells)).toEqual([]);
    }
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(orderId).toBeVisible();
    await expect(completed).toBeVisible();
    await expect(table.getByRole("columnheader")).toHaveCount(8);
    expect(await sidewaysInBox(table)).toBe(0);
  });
});

// A phone (360 px): three columns stay, and each amount keeps its currency under it, in the box.
test("at 360 px every amount and its currency are in the table's box", async ({ page, signInAs }) => {
  const table = await openWidestList(page, () => signInAs("finance"), 360, /\d{2}:\d{2}:\d{2} UTC/);
  expect(await sidewaysInBox(table)).toBe(0);
  const amounts = table.getByTestId("tx-row").locator("td:nth-child(6)");
  await expect(amounts.first()).toHaveText(/^[\d,]+\.\d+\n[A-Z]{3,5}( [A-Z]{3,5})?$/, { useInnerText: true });
  // The widest amount ends inside the box's right edge (measured, not scrolled to: scrolling could move the box sideways).
  const [cell, box] = await Promise.all([amounts.filter({ hasText: "PYUSD USDC" }).first().boundingBox(), table.boundingBox()]);
  expect(cell!.x + cell!.width).toBeLessThanOrEqual(box!.x + box!.width);
});

// The short lists (recent payouts, Nigeria payouts, inbound credits) on a phone: three columns stay,
// the id, the status and the amount with its currency under it, and the id's cell says when the row
// was created (and, for a Nigeria payout, who was paid). Before, their six columns needed 550–720 px
// of a ~300 px box and the amount sat behind a sideways swipe. Live mode, whose amounts are longest.
for (const { path, caption, brief } of [
  { path: "/payouts", caption: "Recent payouts, newest first", brief: false },
  { path: "/nigeria/payouts", caption: "Recent Nigeria payouts, newest first", brief: true },
  { path: "/nigeria/virtual-account", caption: "Inbound NGN credits, newest first", brief: false },
]) {
  test(`at 360 px ${path}'s list keeps the id, the status and the amount in its box`, async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signInAs("finance");
    await switchToLiveMode(page);
    await page.goto(path);
    const table = page.getByRole("table", { name: caption });
    const rows = table.getByTestId("ngn-row");
    await expect(rows.first()).toBeVisible();
    const box = table.locator("xpath=..");
    expect(await sidewaysInBox(box)).toBe(0);
    // What a phone does without has its own columns from md; here their headers are hidden.
    for (const name of ["Created", "Completed", ...(brief ? ["Beneficiary and bank"] : [])])
      await expect(table.getByRole("columnheader", { name })).toBeHidden();
    const first = rows.first();
    const id = first.getByRole("link");
    await expect(id).toHaveText(/^tx_\w+$/);
    await expect(id.locator("xpath=..")).toHaveAttribute("title", (await id.textContent())!);
    // The id's cell: the id, then (Nigeria payouts) the beneficiary's name, then the creation time.
    const lines = first.getByTestId("row-phone-lines");
    await expect(lines).toBeVisible();
    await expect(lines).toHaveText(brief ? /^\S.*\n\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/ : /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/, {
      useInnerText: true,
    });
    // Every amount and its currency (under it) end inside the box.
    const amounts = rows.getByTestId("row-amount");
    await expect(amounts.first()).toHaveText(/^[\d,]+\.\d+\n[A-Z]{3,5}( [A-Z]{3,5})?$/, { useInnerText: true });
    expect(await pastRightEdge(box, amounts)).toEqual([]);
    // From md the columns are back (at 768 px ids cut short and times on two lines, so all six fit),
    // the currency beside its amount.
    await page.setViewportSize({ width: 768, height: 800 });
    await expect(table.getByRole("columnheader", { name: "Completed" })).toBeVisible();
    expect(await sidewaysInBox(box)).toBe(0);
    await page.setViewportSize({ width: 1440, height: 800 });
    await expect(table.getByRole("columnheader", { name: "Completed" })).toBeVisible();
    await expect(lines).toBeHidden();
    await expect(amounts.first()).toHaveText(/^[\d,]+\.\d+ [A-Z]{3,5}( [A-Z]{3,5})?$/, { useInnerText: true });
  });
}

// The totals per currency on a phone: each sum's count under it and the count of all the currency's
// transactions left out (its pay-ins and payouts give theirs), so pay-ins and payouts both fit the box.
// Before, the panel needed 417 px of a 294 px box and the payouts sat behind a sideways swipe.
test("at 360 px the totals per currency show pay-ins and payouts without a sideways swipe", async ({ page, signInAs }) => {
  await openWidestList(page, () => signInAs("finance"), 360, /\d{2}:\d{2}:\d{2} UTC/);
  await page.goto("/transactions");
  const totals = page.getByTestId("totals");
  const first = totals.locator("tbody tr").first();
  await expect(first).toBeVisible();
  await expect(totals.getByRole("columnheader", { name: "Transactions" })).toBeHidden();
  const box = totals.locator("xpath=..");
  expect(await sidewaysInBox(box)).toBe(0);
  // Each sum over its count (the first cell after the hidden count is the pay-ins').
  const payins = first.locator("td").nth(1);
  await expect(payins).toHaveText(/^-?[\d,]+(\.\d+)?\n\([\d,]+\)$/, { useInnerText: true });
  expect(await pastRightEdge(box, totals.locator("tbody td:last-child"))).toEqual([]);
  // From md the count column is back and each count is beside its sum.
  await page.setViewportSize({ width: 1440, height: 800 });
  await expect(totals.getByRole("columnheader", { name: "Transactions" })).toBeVisible();
  await expect(payins).toHaveText(/^-?[\d,]+(\.\d+)? \([\d,]+\)$/, { useInnerText: true });
});
