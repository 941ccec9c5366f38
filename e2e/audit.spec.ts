// The audit trail's page (issue 18): an NGN payout, a webhook change and a failed sign-in each
// appear with the right actor and fields and no personal data; the filters and the CSV export
// work at 360 px; viewer and support get 404 for the page and 403 from the BFF.
import { readFile } from "node:fs/promises";
import { newReference } from "../lib/references";
import { BFF_HEADERS, expect, test } from "./fixtures";
import { useLiveMode, verifiedBeneficiary } from "./nigeria-helpers";

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
  const webhook = await page.request.patch("/api/settings/webhook", {
    headers: BFF_HEADERS,
    data: { url: WEBHOOK_URL, confirmHost: "hooks.audit-e2e.example" },
  });
  expect(webhook.status()).toBe(200);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
  const entries = page.getByTestId("audit-entry");

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
  // The page's own content fits the column the shell leaves it at 360 px (the shell's sidebar
  // does not fold away on a phone: the whole document is wider than 360 px on every page).
  // So: nothing in it overflows, and it needs no more than a phone's width.
  const main = page.getByRole("main");
  expect(await main.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  expect(await main.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(360);

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
  await expect(entries.first()).toContainText("Rows2");

  await page.getByLabel("Action").selectOption({ label: "Webhook URL changed" });
  await expect(entries.first()).toContainText(WEBHOOK_URL);
  await expect(entries.first().getByTestId("audit-actor")).toHaveText("admin@demo.test (admin)");

  await page.getByLabel("Action").selectOption({ label: "Sign-in" });
  await page.getByLabel("Staff email").fill("admin@demo.test");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(entries.first()).toContainText("Done");
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
