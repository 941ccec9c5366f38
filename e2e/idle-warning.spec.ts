// Issue 54, defect 3: a minute before the idle end every tab of the person's warns, and one
// "Stay signed in" clears it in all. The server's side (background reads leave the clock alone)
// is tested in tests/server/session.test.ts; here the BFF's answer about the end is brought
// near, so the test need not wait 29 minutes.
import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newStaffUser } from "./totp";
import { DASHBOARD_URL, PASSWORD } from "./env";
import { BFF_HEADERS } from "./fixtures";

test("warns in every tab a minute before the idle end; staying in one tab clears all; the warning's reads are background", async ({
  page,
  context,
}) => {
  const email = newStaffUser("support");
  expect(
    (await page.request.post(`${DASHBOARD_URL}/api/auth/sign-in`, { headers: BFF_HEADERS, data: { email, password: PASSWORD } })).status(),
  ).toBe(200);

  let near = true;
  const marks: (string | undefined)[] = [];
  // While `near`, the BFF's answer says the session ends in 30 s; afterwards the real BFF answers.
  await context.route("**/api/session/idle", async (route: Route) => {
    marks.push(route.request().headers()["x-background-read"]);
    if (!near) return route.continue();
    await route.fulfill({ json: { idleEndsAt: new Date(Date.now() + 30_000).toISOString() } });
  });

  const tabs: Page[] = [page, await context.newPage()];
  for (const tab of tabs) await tab.goto("/lookup");
  for (const tab of tabs) await expect(tab.getByRole("dialog", { name: "Are you still there?" })).toBeVisible();
  // Read by the page on its own: marked background, so it does not count as use.
  expect(marks.every((mark) => mark === "1")).toBe(true);

  near = false;
  await tabs[1]!.getByRole("button", { name: "Stay signed in" }).click();
  for (const tab of tabs) await expect(tab.getByRole("dialog", { name: "Are you still there?" })).toBeHidden();
  // The click's read is the person's: sent without the mark.
  expect(marks.at(-1)).toBeUndefined();
  expect((await page.request.get("/api/session")).status()).toBe(200);
});
