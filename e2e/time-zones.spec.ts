// Issue 55 item 12: one rule for times on every page: the reader's zone, with its offset. With
// the browser in Asia/Dhaka (UTC+6), no page shows a time in UTC, and a payout's time in the
// list is its time on its own page.
import type { Page } from "@playwright/test";
import { afterHydration, expect, test } from "./fixtures";
import { useLiveMode } from "./nigeria-helpers";
import { simTransactions } from "./transactions-helpers";

test.use({ timezoneId: "Asia/Dhaka" });

/** A clock followed by "UTC" with no offset: a time shown in UTC, not in the reader's zone. */
const UTC_TIME = /\d{2}:\d{2}(:\d{2})? UTC(?![+-])/;

async function expectReaderZone(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await afterHydration(page);
  const main = page.locator("main");
  await expect(main).toContainText("UTC+6");
  expect(await main.innerText(), `${path} shows a time in UTC`).not.toMatch(UTC_TIME);
}

/** "2026-12-07 01:06" in Dhaka for an instant. */
function dhakaMinute(iso: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Dhaka",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

test("the payouts list, the audit trail, the sessions and the webhook history show times in the reader's zone", async ({
  page,
  signInAs,
  request,
}) => {
  await signInAs("admin");
  for (const path of ["/payouts", "/audit", "/account", "/settings", "/transactions"]) await expectReaderZone(page, path);

  // A payout's time in the list is the one its own page shows.
  const payout = (await simTransactions(request, "test")).find((tx) => tx.type === "payout");
  expect(payout).toBeDefined();
  await page.goto("/payouts");
  await afterHydration(page);
  const row = page.locator("tr", { hasText: payout?.id ?? "" });
  await expect(row).toContainText(dhakaMinute(payout?.createdAt ?? ""));
  await expect(row).toContainText("UTC+6");
});

test("the Nigeria lists show times in the reader's zone, as their As of does", async ({ page, signInAs }) => {
  await signInAs("admin");
  await useLiveMode(page);
  for (const path of ["/nigeria/payouts", "/nigeria/virtual-account"]) await expectReaderZone(page, path);
});
