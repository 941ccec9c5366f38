// Two-factor sign-in in the browser (issue 19): enrolment from /account (QR code, the key as
// text, one code to confirm, ten recovery codes shown once), then sign-in with a code, and a
// recovery code that works once; and the enrolment a role that moves money cannot skip.
import { BFF_HEADERS, expect, test } from "./fixtures";
import { PASSWORD } from "./env";
import { enrolOnPage, newStaffUser, nextCode, totpUserOf } from "./totp";
import type { Page } from "@playwright/test";

async function signInWithPassword(page: Page, email: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("enrolment from /account, then sign-in with a code, and a recovery code used once", async ({ page }) => {
  const email = newStaffUser("viewer");
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/account");
  await expect(page.getByTestId("second-factor-state")).toContainText("Off");
  await page.getByRole("link", { name: "Set up two-factor sign-in" }).click();
  // Signed in already: the password again first, so a copied cookie cannot add its holder's app.
  await page.getByRole("button", { name: "Show my QR code" }).click();
  await expect(page.getByLabel("Your password")).toBeFocused();
  await page.getByLabel("Your password").fill("not the password");
  await page.getByRole("button", { name: "Show my QR code" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "password" })).toHaveText("That is not your password.");
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Show my QR code" }).click();
  await expect(page.getByRole("img", { name: "QR code of your two-factor secret" })).toBeVisible();
  const user = totpUserOf(email, (await page.getByTestId("totp-secret").textContent()) ?? "", -1n);
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not right" })).toBeVisible();
  await page.getByLabel("Code from the app").fill(await nextCode(user));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent()) ?? "";
  expect(recovery).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await page.getByRole("button", { name: "I have saved them: continue" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("second-factor-state")).toContainText("10 recovery codes left");

  // Signed out, the password alone is not enough: the code page asks.
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/sign-in\/code/);
  await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
  await page.getByLabel("Code").fill("123456");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not right" })).toBeVisible();
  await page.getByLabel("Code").fill(recovery.toUpperCase());
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("signed-in-user")).toBeVisible();

  // The recovery code is spent; the app's next code still works.
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signInWithPassword(page, email);
  await page.getByLabel("Code").fill(recovery);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not right" })).toBeVisible();
  await page.getByLabel("Code").fill(await nextCode(user));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/account");
  await expect(page.getByTestId("second-factor-state")).toContainText("9 recovery codes left");
});

test("an admin without a second factor is sent to enrolment after the password, and can do nothing else first", async ({ page }) => {
  const email = newStaffUser("admin");
  await page.goto("/sign-in?returnTo=%2Fsettings");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/sign-in\/enrol\?returnTo=%2Fsettings$/);
  await expect(page.getByText("Your role moves money or changes settings")).toBeVisible();
  // At a phone's width the heading wraps between words, never after a word's hyphen ("sign-" / "in").
  await page.setViewportSize({ width: 360, height: 800 });
  const lines = await page.getByRole("heading", { level: 1 }).evaluate(headingLines);
  expect(lines).toEqual(["Set up two-factor", "sign-in"]);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Not signed in yet: no page, no route.
  expect((await page.request.get("/api/session")).status()).toBe(401);
  expect((await page.request.get("/api/settings")).status()).toBe(401);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fsettings$/);

  await page.goto("/sign-in/enrol?returnTo=%2Fsettings");
  await enrolOnPage(page, email);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
});

/** The element's text as the lines it is laid out in: each character placed by its box's top. */
function headingLines(element: Element): string[] {
  const lines = new Map<number, string>();
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? "";
    for (let i = 0; i < text.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect) continue;
      const top = Math.round(rect.top);
      lines.set(top, (lines.get(top) ?? "") + text[i]);
    }
  }
  return [...lines.entries()].sort(([a], [b]) => a - b).map(([, line]) => line.trim());
}

test("a sign-in left at its enrolment can be cancelled, and then nothing of it is left to enrol with", async ({ page }) => {
  const email = newStaffUser("finance");
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/sign-in\/enrol/);
  await page.getByRole("button", { name: "Show my QR code" }).click();
  await expect(page.getByTestId("totp-secret")).toBeVisible();
  await page.getByRole("button", { name: "Cancel sign-in" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  // The next person at the desk: the enrolment page sends them to the password.
  await page.goto("/sign-in/enrol");
  await expect(page).toHaveURL(/\/sign-in$/);
  const enrolment = await page.request.post("/api/auth/enrolment", { data: {}, headers: BFF_HEADERS });
  expect(enrolment.status()).toBe(401);
});
