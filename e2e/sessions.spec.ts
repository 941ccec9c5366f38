// Issue 19's three defects, against the real server.ts, as an attacker would try them.
import { sealData } from "iron-session";
import { BFF_HEADERS, expect, test } from "./fixtures";
import { DASHBOARD_URL, E2E_ENV, PASSWORD, ROLE_EMAILS } from "./env";
import { newStaffUser, newTotpUser, signInWithCode } from "./totp";

const COOKIE = "merchant-console";

test("defect 1: a copy of the cookie taken before sign-out gets 401 afterwards, from every route", async ({ page, browser }) => {
  // An account of its own: the demo users' stored sessions stay signed in for the other tests.
  await signInWithCode(page.request, newTotpUser("finance"));
  const copy = (await page.context().cookies()).find((cookie) => cookie.name === COOKIE);
  expect(copy).toBeDefined();
  await page.goto("/");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  const thief = await browser.newContext();
  await thief.addCookies([{ ...copy!, sameSite: "Lax" }]);
  for (const path of ["/api/session", "/api/balances"])
    expect((await thief.request.get(`${DASHBOARD_URL}${path}`)).status(), path).toBe(401);
  await thief.close();
});

test("defect 2: rotating X-Forwarded-For does not escape the throttle (the address is the socket's)", async ({ page }) => {
  const free = Number(E2E_ENV.SIGN_IN_FREE_ATTEMPTS);
  const email = `xff-rotation-${Date.now()}@demo.test`;
  const statuses: number[] = [];
  for (let i = 0; i <= free; i++) {
    const response = await page.request.post("/api/auth/sign-in", {
      headers: { ...BFF_HEADERS, "X-Forwarded-For": `203.0.113.${i % 250}`, "X-Client-Address": `198.51.100.${i % 250}` },
      data: { email, password: "not-the-password" },
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, free).every((status) => status === 401)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
  // The root of it: whatever the client writes in X-Forwarded-For or X-Client-Address, the
  // address the dashboard records (and throttles) is the socket's.
  const owner = await page.request.post("/api/auth/sign-in", {
    headers: { ...BFF_HEADERS, "X-Forwarded-For": "203.0.113.77", "X-Client-Address": "198.51.100.77" },
    data: { email: newStaffUser("viewer"), password: PASSWORD },
  });
  expect(owner.status()).toBe(200);
  const account = (await (await page.request.get("/api/account")).json()) as { sessions: { current: boolean; clientAddress: string }[] };
  expect(account.sessions.find((session) => session.current)?.clientAddress).toMatch(/^(127\.0\.0\.1|::1)$/);
});

test("defect 3: a cookie sealed with the real secret and a future issuedAt is no session, and is cleared", async ({ page }) => {
  const future = Date.now() + 365 * 24 * 60 * 60 * 1000;
  const forged = await sealData(
    { email: ROLE_EMAILS.admin, sessionVersion: 1, mode: "live", issuedAt: future, lastSeenAt: future },
    { password: E2E_ENV.SESSION_SECRET!, ttl: 12 * 60 * 60 },
  );
  await page.context().addCookies([{ name: COOKIE, value: forged, url: DASHBOARD_URL }]);
  const response = await page.request.get("/api/session");
  expect(response.status()).toBe(401);
  expect((await page.context().cookies()).find((cookie) => cookie.name === COOKIE)).toBeUndefined();
});

test("ending a session from another browser on /account: its next request is signed out", async ({ page, browser }) => {
  const other = await browser.newContext();
  // A support account without a second factor (its role needs none): two sign-ins, no code to wait for.
  const email = newStaffUser("support");
  const signIn = (request: typeof page.request) =>
    request.post(`${DASHBOARD_URL}/api/auth/sign-in`, { headers: BFF_HEADERS, data: { email, password: PASSWORD } });
  expect((await signIn(other.request)).status()).toBe(200);
  expect((await signIn(page.request)).status()).toBe(200);
  await page.goto("/");
  await page.getByTestId("signed-in-user").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  const rows = page.getByTestId("account-session");
  await expect(rows.filter({ hasText: "This browser" })).toHaveCount(1);
  // The account's only other session is the other browser's.
  const others = rows.filter({ has: page.getByRole("button", { name: "End this session" }) });
  await expect(others).toHaveCount(1);
  // Issue 54: without a second factor, the password first.
  await others.getByRole("button", { name: "End this session" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not ended" })).toHaveText("Not ended: Enter your password");
  expect((await other.request.get(`${DASHBOARD_URL}/api/session`)).status()).toBe(200);
  await page.getByLabel("Your password").fill(PASSWORD);
  await others.getByRole("button", { name: "End this session" }).click();
  await expect(others).toHaveCount(0);
  expect((await other.request.get(`${DASHBOARD_URL}/api/session`)).status()).toBe(401);
  expect((await page.request.get("/api/session")).status()).toBe(200);
  await other.close();
});

test("issue 54: after password and code, /account signs every other session out, a copied cookie's too", async ({ page, browser }) => {
  const user = newTotpUser("finance");
  const thief = await browser.newContext();
  await signInWithCode(thief.request, user);
  await signInWithCode(page.request, user);
  await page.goto("/account");
  await expect(page.getByTestId("account-session")).toHaveCount(2);
  // The code was checked a moment ago: no dialog, the check is fresh.
  await page.getByRole("button", { name: "Sign out every other session" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Signed out 1 other session." })).toBeVisible();
  await expect(page.getByTestId("account-session")).toHaveCount(1);
  expect((await thief.request.get(`${DASHBOARD_URL}/api/session`)).status()).toBe(401);
  await thief.close();
});
