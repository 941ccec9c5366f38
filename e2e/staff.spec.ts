import { expect, test, type Browser, type Page } from "@playwright/test";
import { PASSWORD, STAFF_PORTS } from "./env";
import { dashboardInstance, signedIn, type Instance } from "./instances";
import { smtpSink } from "./smtp-sink";
import { enrolOnPage, newStaffUser, newTotpUser } from "./totp";

// Staff administration in the browser (issue 58). Two dashboards over the run's one database:
// A sends mail through a real SMTP server on loopback (e2e/smtp-sink.ts), B has no SMTP_URL.
// A change made on one counts at the person's next request on the other.
test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const sink = smtpSink(STAFF_PORTS.smtp);
const A = dashboardInstance("staff-a", STAFF_PORTS.a, { SMTP_URL: sink.url });
const B = dashboardInstance("staff-b", STAFF_PORTS.b);
const NEW_PASSWORD = "orchard lantern pebble 93";

test.beforeAll(async () => {
  await sink.start();
  await Promise.all([A.start(), B.start()]);
});

test.afterAll(async () => {
  await Promise.all([A.stop(), B.stop()]);
  await sink.stop();
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) testInfo.annotations.push({ type: "A's output", description: A.output() });
});

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@staff.test`;

/** A new admin with a factor, signed in (so freshly stepped up) on `instance`. */
const adminOn = (browser: Browser, instance: Instance) => signedIn(browser, instance, newTotpUser("admin"));

async function staffAction(page: Page, instance: Instance, data: Record<string, string>) {
  return page.request.post("/api/staff/actions", { headers: instance.headers, data });
}

test("an invitation emailed through SMTP leads to the first sign-in, with enrolment first", async ({ browser }) => {
  const admin = await adminOn(browser, A);
  const email = unique("invited");
  await admin.page.goto("/staff");
  await expect(admin.page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await admin.page.getByRole("button", { name: "Invite someone" }).click();
  await admin.page.getByRole("dialog").getByLabel("Email").fill(email);
  await admin.page.getByRole("dialog").getByLabel("Name").fill("Ines Invited");
  await admin.page.getByRole("dialog").getByLabel("Role").selectOption("finance");
  await expect(admin.page.getByText("The invitation is emailed")).toBeVisible();
  await admin.page.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.page.getByRole("status").filter({ hasText: `Invitation emailed to ${email}.` })).toBeVisible();
  // Emailed: the admin never sees the link.
  await expect(admin.page.getByTestId("one-time-link")).toHaveCount(0);
  await admin.page.getByRole("button", { name: "Done" }).click();
  const row = admin.page.locator(`[data-testid="staff-row"][data-email="${email}"]`);
  await expect(row).toContainText("invited");

  // Screenshots of /staff (1440 and 360).
  await admin.page.setViewportSize({ width: 1440, height: 900 });
  await admin.page.screenshot({ path: "/tmp/staff-1440.png", fullPage: true });
  await admin.page.setViewportSize({ width: 360, height: 800 });
  await admin.page.screenshot({ path: "/tmp/staff-360.png", fullPage: true });

  const link = await sink.linkTo(email, "/invite/");
  expect(link.startsWith(A.url)).toBe(true);
  const invitee = await browser.newContext({ baseURL: A.url });
  const page = await invitee.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Join the Merchant Console" })).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "/tmp/invite-1440.png", fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: "/tmp/invite-360.png", fullPage: true });

  // A weak password is refused in words, and the link stays good.
  await page.getByLabel("Choose a password").fill("password1234");
  await page.getByLabel("The same password again").fill("password1234");
  await page.getByRole("button", { name: "Set password and continue" }).click();
  await expect(page.getByTestId("refusal")).toContainText(/guess|common/i);
  await page.getByLabel("Choose a password").fill(NEW_PASSWORD);
  await page.getByLabel("The same password again").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set password and continue" }).click();

  // finance moves money: a second factor before anything else.
  await expect(page).toHaveURL(/\/sign-in\/enrol/);
  expect((await page.request.get("/api/balances")).status()).toBe(401);
  await enrolOnPage(page, email);
  await expect(page).toHaveURL(new RegExp(`^${A.url}/$`));
  const session = (await (await page.request.get("/api/session")).json()) as { user: { email: string; role: string } };
  expect(session.user).toMatchObject({ email, role: "finance" });

  // The same link again, in another browser: used, in plain words, and nothing changes.
  const other = await browser.newContext({ baseURL: B.url });
  const replay = await other.newPage();
  await replay.goto(link.replace(A.url, B.url));
  await expect(replay.getByTestId("link-problem")).toHaveText(/has been used already/);
  const again = await replay.request.post("/api/staff/links/accept", {
    headers: B.headers,
    data: { token: link.split("/").at(-1), password: "another long passphrase 77" },
  });
  expect(again.status()).toBe(400);
  expect(await again.text()).toContain("used already");

  // Listed as active now, enrolled, invited by that admin.
  await admin.page.setViewportSize({ width: 1280, height: 800 });
  await admin.page.reload();
  await expect(row).toContainText("active");
  await expect(row).toContainText("Enrolled");
  await Promise.all([invitee.close(), other.close(), admin.context.close()]);
});

test("a role change and a deactivation made on A count at the person's next request on B", async ({ browser }) => {
  const admin = await adminOn(browser, A);
  const person = newTotpUser("finance");
  const onB = await signedIn(browser, B, person);
  expect((await onB.page.request.get("/api/balances")).status()).toBe(200);

  const demoted = await staffAction(admin.page, A, {
    email: person.email,
    action: "set_role",
    role: "viewer",
    reason: "Moved to reporting",
  });
  expect(demoted.status(), await demoted.text()).toBe(200);
  // B: the session is over at its very next request.
  expect((await onB.page.request.get("/api/session")).status()).toBe(401);
  const again = await signedIn(browser, B, person);
  const session = (await (await again.page.request.get("/api/session")).json()) as { user: { role: string } };
  expect(session.user.role).toBe("viewer");

  // Deactivated through the page on A.
  await admin.page.goto(`/staff?role=viewer`);
  const row = admin.page.locator(`[data-testid="staff-row"][data-email="${person.email}"]`);
  await row.getByRole("button", { name: /^Manage/ }).click();
  await admin.page.getByLabel("Deactivate").check();
  await admin.page.getByLabel("Reason").fill("Left the company");
  await admin.page.getByRole("button", { name: "Deactivate" }).click();
  await expect(admin.page.getByRole("status").filter({ hasText: "is deactivated" })).toBeVisible();
  expect((await again.page.request.get("/api/session")).status()).toBe(401);
  const signIn = await again.page.request.post("/api/auth/sign-in", {
    headers: B.headers,
    data: { email: person.email, password: PASSWORD },
  });
  expect(signIn.status()).toBe(401);

  // A reset link for a deactivated person: refused in words.
  const reset = await staffAction(admin.page, A, { email: person.email, action: "reset_password", reason: "Forgot it" });
  expect(reset.status()).toBe(400);
  expect(await reset.text()).toContain("is deactivated");

  // The filters are in the URL.
  await admin.page.getByRole("button", { name: "Done" }).click();
  await admin.page.getByLabel("Status").selectOption("deactivated");
  await expect(admin.page).toHaveURL(/role=viewer&status=deactivated|status=deactivated&role=viewer/);
  await expect(row).toBeVisible();
  await Promise.all([admin.context.close(), onB.context.close(), again.context.close()]);
});

test("a password reset by emailed link ends every session and works once", async ({ browser }) => {
  const admin = await adminOn(browser, A);
  const email = newStaffUser("support");
  const old = await browser.newContext({ baseURL: B.url });
  const oldPage = await old.newPage();
  const signIn = await oldPage.request.post("/api/auth/sign-in", { headers: B.headers, data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
  expect((await oldPage.request.get("/api/session")).status()).toBe(200);

  await admin.page.goto("/staff?role=support");
  await admin.page
    .locator(`[data-testid="staff-row"][data-email="${email}"]`)
    .getByRole("button", { name: /^Manage/ })
    .click();
  await admin.page.getByLabel("Send a password-reset link").check();
  await admin.page.getByLabel("Reason").fill("Asked by phone");
  await admin.page.getByRole("button", { name: "Send a password-reset link" }).click();
  await expect(admin.page.getByRole("status").filter({ hasText: `Password-reset link emailed to ${email}.` })).toBeVisible();

  const link = await sink.linkTo(email, "/reset-password/");
  const fresh = await browser.newContext({ baseURL: A.url });
  const page = await fresh.newPage();
  await page.goto(link);
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByLabel("The same password again").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/sign-in\?reset=1$/);
  await expect(page.getByRole("status")).toHaveText("Your password was changed; sign in with the new one.");
  expect((await oldPage.request.get("/api/session")).status()).toBe(401);
  const withNew = await page.request.post("/api/auth/sign-in", { headers: A.headers, data: { email, password: NEW_PASSWORD } });
  expect(withNew.status()).toBe(200);
  await page.goto(link);
  await expect(page.getByTestId("link-problem")).toHaveText(/has been used already/);
  await Promise.all([admin.context.close(), old.close(), fresh.close()]);
});

test("without SMTP: a link is shown once, and a privileged role waits for a second admin", async ({ browser }) => {
  const first = await adminOn(browser, B);
  const second = await adminOn(browser, B);
  const supportEmail = unique("shown");
  const shown = await first.page.request.post("/api/staff/invitations", {
    headers: B.headers,
    data: { email: supportEmail, name: "Sam Shown", role: "support" },
  });
  expect(shown.status(), await shown.text()).toBe(200);
  const shownBody = (await shown.json()) as { delivery: string; link: string | null };
  expect(shownBody).toMatchObject({ delivery: "shown" });
  expect(shownBody.link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);

  const financeEmail = unique("confirm");
  await first.page.goto("/staff");
  await first.page.getByRole("button", { name: "Invite someone" }).click();
  await first.page.getByRole("dialog").getByLabel("Email").fill(financeEmail);
  await first.page.getByRole("dialog").getByLabel("Name").fill("Fay Finance");
  await first.page.getByRole("dialog").getByLabel("Role").selectOption("finance");
  await expect(first.page.getByText("another admin must confirm the invitation")).toBeVisible();
  await first.page.getByRole("button", { name: "Send invitation" }).click();
  await expect(first.page.getByRole("status").filter({ hasText: "Another admin must confirm it" })).toBeVisible();
  await expect(first.page.getByTestId("one-time-link")).toHaveCount(0);

  const list = (await (await first.page.request.get("/api/staff?status=invited")).json()) as {
    rows: { email: string; invitation: { id: string; awaitingConfirmation: boolean } }[];
  };
  const waiting = list.rows.find((row) => row.email === financeEmail)!;
  expect(waiting.invitation.awaitingConfirmation).toBe(true);
  const own = await first.page.request.post("/api/staff/invitations/actions", {
    headers: B.headers,
    data: { id: waiting.invitation.id, action: "confirm", reason: "Confirming my own" },
  });
  expect(own.status()).toBe(400);
  expect(await own.text()).toContain("Another admin must confirm");

  await second.page.goto("/staff?status=invited");
  await second.page
    .locator(`[data-testid="staff-row"][data-email="${financeEmail}"]`)
    .getByRole("button", { name: /^Manage/ })
    .click();
  await second.page.getByLabel("Confirm invitation").check();
  await second.page.getByLabel("Reason").fill("Checked with finance lead");
  await second.page.getByRole("button", { name: "Confirm invitation" }).click();
  await expect(second.page.getByTestId("one-time-link")).toHaveText(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await Promise.all([first.context.close(), second.context.close()]);
});

test("bad input gets a clear answer and changes nothing", async ({ browser }) => {
  const admin = await adminOn(browser, B);
  const me = (await (await admin.page.request.get("/api/session")).json()) as { user: { email: string } };
  const invite = (data: Record<string, string>) => admin.page.request.post("/api/staff/invitations", { headers: B.headers, data });
  const refusal = async (response: Awaited<ReturnType<typeof invite>>) => {
    expect(response.status()).toBe(400);
    return response.text();
  };
  expect(await refusal(await invite({ email: me.user.email, name: "Me Again", role: "viewer" }))).toContain("already has an account");
  expect(await refusal(await invite({ email: unique("long"), name: "N".repeat(300), role: "viewer" }))).toContain(
    "A name has at most 200 characters",
  );
  expect(await refusal(await invite({ email: unique("markup"), name: "<script>alert(1)</script>", role: "viewer" }))).toContain(
    "A name cannot hold < or >",
  );
  expect(await refusal(await invite({ email: unique("role"), name: "Rolf", role: "superuser" }))).toContain("Choose one of the roles");
  const self = await staffAction(admin.page, B, { email: me.user.email, action: "deactivate", reason: "Trying it" });
  expect(self.status()).toBe(403);
  expect(await self.text()).toContain("cannot change your own role or deactivate yourself");
  const noReason = await staffAction(admin.page, B, { email: me.user.email, action: "end_sessions", reason: "" });
  expect(await refusal(noReason)).toContain("Say why");
  // Nothing was made.
  const list = (await (await admin.page.request.get("/api/staff")).json()) as { rows: { email: string }[] };
  expect(list.rows.filter((row) => /(long|markup|role)-/.test(row.email))).toEqual([]);
  // The refused attempt on their own account is on the trail, in the refusal's words (decision 0158).
  await admin.page.goto(`/audit?target=${encodeURIComponent(me.user.email)}`);
  const attempt = admin.page.getByTestId("audit-entry").filter({ hasText: "Staff member deactivated" });
  await expect(attempt).toHaveCount(1);
  await expect(attempt).toContainText("Refused, nothing changed");
  await expect(attempt).toContainText("cannot change your own role or deactivate yourself");
  // A link that never existed, in plain words.
  await admin.page.goto(`/invite/${"x".repeat(43)}`);
  await expect(admin.page.getByTestId("link-problem")).toHaveText(/This link is not valid/);
  await admin.context.close();
});
