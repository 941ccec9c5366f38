import { answerCodePage, demoCode } from "./demo-staff";
import { DASHBOARD_URL, PASSWORD, ROLE_EMAILS } from "./env";
import { expect, test } from "./fixtures";
import { newStaffUser, newTotpUser, nextCode } from "./totp";

test.describe("sign-in and sign-out", () => {
  test("a signed-out visit goes to sign-in and comes back to the requested page", async ({ page }) => {
    await page.goto("/transactions");
    await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Ftransactions$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

    await page.getByLabel("Email").fill(ROLE_EMAILS.finance);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    // finance moves money: a code from the app comes after the password, and the requested page after that.
    await expect(page).toHaveURL(/\/sign-in\/code\?returnTo=%2Ftransactions$/);
    await answerCodePage(page, demoCode("finance"));

    await expect(page).toHaveURL(/\/transactions$/);
    await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
    await expect(page.getByTestId("signed-in-user")).toHaveText("Fin Finance");
  });

  test("sign-out ends the session", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(ROLE_EMAILS.viewer);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await answerCodePage(page, demoCode("viewer"));
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in\?returnTo=%2F$/);
    const api = await page.request.get("/api/balances");
    expect(api.status()).toBe(401);
  });

  // At a shared desk, "signed out" must mean it: a sign-out the server did not carry out says so
  // and stays, where it used to go to /sign-in, which sent the live session back to the dashboard.
  test("a sign-out that fails says so and leaves the page; the next one signs out", async ({ page, signInAs }) => {
    await signInAs("viewer");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await page.route("**/api/auth/sign-out", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"code":"database_unavailable","message":"down"}}' }),
    );
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("banner").getByRole("alert")).toHaveText("Still signed in: try again.");
    await expect(page).toHaveURL(`${DASHBOARD_URL}/`);
    expect((await page.request.get("/api/balances")).status()).toBe(200);

    await page.unroute("**/api/auth/sign-out");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    expect((await page.request.get("/api/balances")).status()).toBe(401);
  });

  test("a wrong password and an unknown email get the same generic error", async ({ page }) => {
    await page.goto("/sign-in");
    // Scoped to the form: Next's route announcer is also role=alert.
    const alert = page.getByRole("main").getByRole("alert");
    // The card hangs from the top (AuthCard): the error makes it taller downwards, and its heading stays where it was.
    const heading = page.getByRole("heading", { level: 1, name: "Sign in" });
    const headingBefore = await heading.boundingBox();

    await page.getByLabel("Email").fill(ROLE_EMAILS.admin);
    await page.getByLabel("Password").fill("not-the-password-123");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alert).toHaveText("The email or password is incorrect.");
    expect(await heading.boundingBox()).toEqual(headingBefore);

    await page.getByLabel("Email").fill("nobody@demo.test");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alert).toHaveText("The email or password is incorrect.");

    await expect(page).toHaveURL(/\/sign-in$/);
    expect((await page.request.get("/api/session")).status()).toBe(401);
  });

  test("a returnTo that resolves to another host (/..//evil.example) lands on the dashboard", async ({ page }) => {
    // Issue 15: the old check validated the input, then returned its resolved path "//evil.example/phish".
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto("/sign-in?returnTo=%2F..%2F%2Fevil.example%2Fphish");
    const viewer = newTotpUser("viewer");
    await page.getByLabel("Email").fill(viewer.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The target chosen at the password step is carried through the code step, still safe.
    await answerCodePage(page, nextCode(viewer));
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(DASHBOARD_URL).origin);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(requests.filter((url) => url.includes("evil.example") && !url.includes("returnTo="))).toEqual([]);
  });

  test("an off-site returnTo lands on the dashboard instead", async ({ page }) => {
    await page.goto("/sign-in?returnTo=%2F%2Fevil.example%2Fphish");
    // A viewer without a second factor: the password step's own redirect.
    await page.getByLabel("Email").fill(newStaffUser("viewer"));
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

test("every page names its icon, and the icon is served (no favicon 404 in the console)", async ({ page }) => {
  await page.goto("/sign-in");
  const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(href).toMatch(/^\/icon\.svg/);
  const icon = await page.request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});
