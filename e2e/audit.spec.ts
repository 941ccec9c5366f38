// The audit trail's page (issue 18): an NGN payout, a webhook change and a failed sign-in each
// appear with the right actor and fields and no personal data; the filters and the CSV export
// work at 360 px; viewer and support get 404 for the page and 403 from the BFF.
import { readFile } from "node:fs/promises";
import type { AuditPageDto } from "../features/audit/contracts";
import { newReference } from "../lib/references";
import { ROLE_EMAILS } from "./env";
import { BFF_HEADERS, expect, test } from "./fixtures";
import { useLiveMode, verifiedBeneficiary } from "./nigeria-helpers";
import { newStaffUser } from "./totp";
import { downloadCsv, expectFullyLoaded, simTransactions, syncDashboard } from "./transactions-helpers";

const ACCOUNT_NUMBER = "0123456789";
// A password typed into the email box: its entry must hold only a keyed hash of it.
const TYPED_PASSWORD = "Hunter2-typed-in-the-email-box";
const WEBHOOK_URL = "https://hooks.audit-e2e.example/payments";

test("an NGN payout, a webhook change and a failed sign-in are in the trail, filtered and exported at 360 px", async ({
  page,
  signInAs,
}) => {
  const failed = await page.request.post("/api/auth/sign-in", {
    headers: BFF_HEADERS,
    data: { email: TYPED_PASSWORD, password: "not-the-password-123" },
  });
  expect(failed.status()).toBe(401);

  await signInAs("admin");
  await useLiveMode(page);
  const { token, ...beneficiary } = await verifiedBeneficiary(page, ACCOUNT_NUMBER);
  const reference = newReference("NGN");
  const payout = await page.request.post("/api/nigeria/payouts", {
    headers: BFF_HEADERS,
    data: { amount: "1250.00", merchantReference: reference, beneficiary, beneficiaryToken: token },
  });
  expect(payout.status()).toBe(200);
  const { transactionId } = (await payout.json()) as { transactionId: string };
  const { webhookUrl: replacing } = (await (await page.request.get("/api/settings")).json()) as { webhookUrl: string | null };
  const webhook = await page.request.patch("/api/settings/webhook", {
    headers: BFF_HEADERS,
    data: { url: WEBHOOK_URL, confirmHost: "hooks.audit-e2e.example", replacing },
  });
  expect(webhook.status()).toBe(200);

  await page.setViewportSize({ width: 360, height: 800 });
  // From the payout's status page to its trail: by its id, the intent (appended before the API
  // named the payout) included.
  await page.goto(`/nigeria/payouts/${transactionId}`);
  await page.getByRole("link", { name: "View audit trail" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/audit\\?target=${transactionId}$`));
  const entries = page.getByTestId("audit-entry");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(1)).toContainText("Money write requested (recorded before sending)");

  // The payout: its intent and its answer, by the admin, in live, with its reference and key.
  await page.getByLabel("Target id or merchant reference").fill(reference);
  await page.getByLabel("Target id or merchant reference").press("Enter");
  await expect(page).toHaveURL(new RegExp(`target=${reference}`));
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("Money write answered");
  await expect(entries.nth(0)).toContainText("Accepted by the API");
  await expect(entries.nth(0)).toContainText(transactionId);
  await expect(entries.nth(1)).toContainText("Money write requested (recorded before sending)");
  for (const index of [0, 1]) {
    await expect(entries.nth(index).getByTestId("audit-actor")).toHaveText("admin@demo.test (admin)");
    await expect(entries.nth(index)).toContainText("Live");
    await expect(entries.nth(index)).toContainText(/ngn-payout:live:[0-9a-f]{64}/);
  }
  // At 360 px nothing scrolls sideways: not the page's content, not the document.
  const main = page.getByRole("main");
  expect(await main.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

  // Every filtered entry as CSV; the export itself is then in the trail.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = await readFile((await (await download).path()) ?? "", "utf8");
  expect(csv.trim().split("\r\n")).toHaveLength(3);
  expect(csv).toContain(reference);
  expect(csv).not.toContain(ACCOUNT_NUMBER);

  await page.getByRole("button", { name: "Clear filters" }).click();
  await page.getByLabel("Action").selectOption({ label: "CSV export" });
  await expect(entries.first()).toContainText(`target=${reference}`);
  await expect(entries.first()).toContainText("Rows 2");

  await page.getByLabel("Action").selectOption({ label: "Webhook URL change" });
  await expect(entries.first()).toContainText(WEBHOOK_URL);
  await expect(entries.first().getByTestId("audit-actor")).toHaveText("admin@demo.test (admin)");

  // The admin's sign-in is complete at its code step; the password step alone is not "Done".
  await page.getByLabel("Action").selectOption({ label: "Sign-in (code)" });
  await page.getByLabel("Staff email").fill("admin@demo.test");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(entries.first()).toContainText("Done");
  await page.getByLabel("Action").selectOption({ label: "Sign-in (password)" });
  await page.getByLabel("Staff email").fill("");
  await page.getByRole("button", { name: "Apply" }).click();
  const unknown = entries.filter({ hasText: "Someone not signed in" }).filter({ hasText: "Unknown email typed" });
  await expect(unknown.first()).toContainText("Refused: wrong email or password");

  // No personal data anywhere in the trail as the page reads it.
  const everything = await page.request.get("/api/audit?limit=1000");
  const text = await everything.text();
  for (const secret of [TYPED_PASSWORD, TYPED_PASSWORD.toLowerCase(), ACCOUNT_NUMBER, "not-the-password-123", "demo-password-123"])
    expect(text).not.toContain(secret);
});

test("a transactions CSV export is recorded before it is saved, with its filters and rows; unrecorded, nothing is saved", async ({
  page,
  signInAs,
}) => {
  await signInAs("finance");
  await useLiveMode(page);
  const truth = await simTransactions(page.request);
  await syncDashboard(page, truth);
  await page.goto("/transactions?type=payout");
  await expectFullyLoaded(page, truth.length);
  const recorded = page.waitForResponse((response) => response.url().endsWith("/api/audit/exports"));
  const [, ...rows] = await downloadCsv(page);
  expect(rows.length).toBeGreaterThan(0);
  const { id } = (await (await recorded).json()) as { id: string };

  // The trail refuses: the page says so and saves nothing.
  let saved = 0;
  page.on("download", () => saved++);
  await page.route("**/api/audit/exports", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "database_unavailable", message: "The database is not answering." } }),
    }),
  );
  await page.getByRole("button", { name: /Export CSV/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not exported" })).toBeVisible();
  expect(saved).toBe(0);

  // The trail is the admins': finance's transaction detail has no link to it, an admin's has.
  const detail = `/transactions/${truth[0]?.id}`;
  await page.goto(detail);
  await expect(page.getByRole("region", { name: `Transaction ${truth[0]?.id}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "View audit trail" })).toHaveCount(0);

  await signInAs("admin");
  await useLiveMode(page);
  await page.goto(detail);
  await expect(page.getByRole("region", { name: `Transaction ${truth[0]?.id}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "View audit trail" })).toHaveAttribute("href", `/audit?target=${truth[0]?.id}`);
  // Other tests export too, and the trail is never reset: read from this export's entry down.
  const response = await page.request.get(`/api/audit?action=csv_export&limit=1&before=${BigInt(id) + 1n}`);
  expect(response.status()).toBe(200);
  type Entry = { id: string; environment: string; details: Record<string, unknown>; actor: { email: string; role: string } };
  const { entries } = (await response.json()) as { entries: Entry[] };
  expect(entries.map((entry) => entry.id)).toEqual([id]);
  expect(entries[0]?.actor.email).toBe(ROLE_EMAILS.finance);
  expect(entries[0]?.environment).toBe("live");
  expect(entries[0]?.actor.role).toBe("finance");
  expect(entries[0]?.details).toMatchObject({ page: "transactions", filters: "type=payout", rows: rows.length, partial: false });
});

for (const role of ["viewer", "support"] as const) {
  test(`${role} gets 404 for /audit and 403 from the BFF`, async ({ page, signInAs }) => {
    await signInAs(role);
    const response = await page.goto("/audit");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    const api = await page.request.get("/api/audit");
    expect(api.status()).toBe(403);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("forbidden");
  });
}

test("the trail is a dense table in plain words: the sign-in steps, how a code was checked, a payout's rail", async ({
  page,
  signInAs,
}) => {
  await signInAs("admin");
  await useLiveMode(page);
  const { token, ...beneficiary } = await verifiedBeneficiary(page, ACCOUNT_NUMBER);
  const payout = await page.request.post("/api/nigeria/payouts", {
    headers: BFF_HEADERS,
    data: { amount: "1250.00", merchantReference: newReference("NGN"), beneficiary, beneficiaryToken: token },
  });
  expect(payout.status()).toBe(200);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/audit");
  const table = page.getByRole("table", { name: "Audit entries, newest first" });
  for (const name of ["When", "Who", "What", "Result", "Transaction and reference", "Details"])
    await expect(table.getByRole("columnheader", { name })).toBeVisible();
  const entries = page.getByTestId("audit-entry");
  // Dense: each entry is one row of the table, under the header row, not a card of its own.
  await expect(table.getByRole("row")).toHaveCount((await entries.count()) + 1);

  await expect(entries.filter({ hasText: "Password right; a code from the app is asked next" }).first()).toBeVisible();
  await expect(entries.filter({ hasText: "Checked with a code from the authenticator app" }).first()).toBeVisible();
  await expect(entries.filter({ hasText: "Money write answered" }).first()).toContainText("Rail Nigeria payout");
  const text = await table.innerText();
  for (const raw of ["second_factor", "method", "totp", "password_ok", "Rail ngn-payout"]) expect(text).not.toContain(raw);
  // A payout's entry holds no account number, in full or masked beyond its last four digits.
  expect(text).not.toContain(ACCOUNT_NUMBER);
});

test.describe("in the reader's time zone", () => {
  // UTC+14: for ten hours of every UTC day it is already the next day there.
  const ZONE = "Pacific/Kiritimati";
  test.use({ timezoneId: ZONE });

  test("the day filters are the reader's days, and a shared link keeps them", async ({ page, signInAs }) => {
    await signInAs("admin");
    const email = newStaffUser("viewer");
    const found = await page.request.get(`/api/audit?target=${encodeURIComponent(email)}`);
    const [added] = ((await found.json()) as AuditPageDto).entries;
    expect(added, `the users CLI's entry for ${email}`).toBeDefined();
    // The entry's own day where the reader is, and the day before it.
    const dayThere = (at: number) => new Date(at).toLocaleDateString("en-CA", { timeZone: ZONE });
    const day = dayThere(Date.parse(added!.at));
    const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

    await page.goto(`/audit?target=${encodeURIComponent(email)}`);
    const entries = page.getByTestId("audit-entry");
    await expect(entries).toHaveCount(1);
    await expect(page.getByTestId("audit-days-zone")).toHaveText("Days run midnight to midnight in your time zone.");
    await page.getByLabel("From").fill(day);
    await page.getByLabel("To (included)").fill(day);
    await expect(page).toHaveURL(/[?&]tz=Pacific(%2F|\/)Kiritimati(&|$)/);
    await expect(page.getByTestId("audit-days-zone")).toHaveText(`Days run midnight to midnight in ${ZONE}.`);
    await expect(entries).toHaveCount(1);

    await page.getByLabel("From").fill(dayBefore);
    await page.getByLabel("To (included)").fill(dayBefore);
    await expect(page).toHaveURL(new RegExp(`to=${dayBefore}`));
    await expect(entries).toHaveCount(0);

    // A link made before the zone was kept says its days are UTC's.
    await page.goto(`/audit?target=${encodeURIComponent(email)}&from=${day}`);
    await expect(page.getByTestId("audit-days-zone")).toHaveText("Days run midnight to midnight in UTC.");
  });
});
