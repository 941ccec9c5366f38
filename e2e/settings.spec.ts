import { BFF_HEADERS, expect, test } from "./fixtures";

// Settings: the merchant identity from GET /v1/me and the webhook change, admin only.
test.describe.configure({ mode: "serial" });
test.beforeEach(async ({ sim }) => {
  await sim.reset();
});

test("admin sees the merchant and the key's scopes, and registers an https webhook after typing its host", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/settings");
  await expect(page.getByTestId("merchant-id")).not.toHaveText("—");
  await expect(page.getByTestId("merchant-scopes")).toContainText("payin:create");
  await expect(page.getByTestId("merchant-scopes")).toContainText("payout:create");
  await expect(page.getByTestId("merchant-scopes")).toContainText("balance:read");
  await expect(page.getByTestId("webhook-warning")).toContainText("every rail");

  // http is refused in the dashboard, even where the simulator would allow it (localhost).
  await page.getByLabel("New webhook URL").fill("http://localhost:9000/hooks");
  await page.getByRole("button", { name: "Review change" }).click();
  await expect(page.getByText("Enter an https:// URL with a domain name")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // A space in the host is refused as such (the URL parser would have asked to confirm "exa%20mple.com").
  await page.getByLabel("New webhook URL").fill("https://exa mple.com/hooks");
  await page.getByRole("button", { name: "Review change" }).click();
  await expect(page.getByText("A URL cannot contain spaces")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByLabel("New webhook URL").fill("https://hooks.merchant.example/payments");
  await page.getByRole("button", { name: "Review change" }).click();
  const dialog = page.getByRole("dialog", { name: "Change the webhook URL?" });
  await expect(dialog.getByTestId("webhook-new")).toHaveText("https://hooks.merchant.example/payments");
  await dialog.getByLabel(/Type the new host/).fill("hooks.merchant.exampel");
  await dialog.getByRole("button", { name: "Change webhook URL" }).click();
  await expect(dialog.getByText("Type the new URL's host exactly to confirm")).toBeVisible();
  await dialog.getByLabel(/Type the new host/).fill("hooks.merchant.example");
  await dialog.getByRole("button", { name: "Change webhook URL" }).click();
  await expect(dialog).toHaveCount(0);

  // Read back from GET /v1/me, through the page and after a reload.
  await expect(page.getByTestId("webhook-current")).toHaveText("https://hooks.merchant.example/payments");
  await page.reload();
  await expect(page.getByTestId("webhook-current")).toHaveText("https://hooks.merchant.example/payments");
  const me = (await (await page.request.get("/api/settings")).json()) as { webhookUrl: string };
  expect(me.webhookUrl).toBe("https://hooks.merchant.example/payments");

  // The change is in the console's history (kept in the database): who, and from what to what.
  const latest = page.getByTestId("webhook-history-entry").first();
  await expect(latest).toContainText("by admin@demo.test (admin)");
  await expect(latest).toContainText("To https://hooks.merchant.example/payments");
});

// Two admins at once: the second confirms a change reviewed against the URL the first replaced.
test("a change reviewed before another admin's is refused, shows what is there now, and goes once confirmed again", async ({
  page,
  signInAs,
}) => {
  await signInAs("admin");
  await page.goto("/settings");
  await expect(page.getByTestId("webhook-current")).toHaveText("none registered");
  await page.getByLabel("New webhook URL").fill("https://hooks.mine.example/in");
  await page.getByRole("button", { name: "Review change" }).click();
  const dialog = page.getByRole("dialog", { name: "Change the webhook URL?" });
  await expect(dialog.getByTestId("webhook-replacing")).toHaveText("none registered");

  const meanwhile = await page.request.patch("/api/settings/webhook", {
    headers: BFF_HEADERS,
    data: { url: "https://hooks.theirs.example/in", confirmHost: "hooks.theirs.example", replacing: null },
  });
  expect(meanwhile.status()).toBe(200);

  await dialog.getByLabel(/Type the new host/).fill("hooks.mine.example");
  await dialog.getByRole("button", { name: "Change webhook URL" }).click();
  await expect(dialog.getByRole("alert")).toContainText("changed since this page showed it");
  await expect(dialog.getByTestId("webhook-replacing")).toHaveText("https://hooks.theirs.example/in");
  await expect(page.getByTestId("webhook-current")).toHaveText("https://hooks.theirs.example/in");

  await dialog.getByRole("button", { name: "Change webhook URL" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("webhook-current")).toHaveText("https://hooks.mine.example/in");
  await expect(page.getByTestId("webhook-history-entry").first()).toContainText("From https://hooks.theirs.example/in");
});

test("the BFF refuses http and a mistyped host (400), and refuses non-admins (403)", async ({ page, signInAs }) => {
  await signInAs("admin");
  const http = await page.request.patch("/api/settings/webhook", {
    headers: BFF_HEADERS,
    data: { url: "http://hooks.merchant.example/x", confirmHost: "hooks.merchant.example", replacing: null },
  });
  expect(http.status()).toBe(400);
  const typo = await page.request.patch("/api/settings/webhook", {
    headers: BFF_HEADERS,
    data: { url: "https://hooks.merchant.example/x", confirmHost: "hooks.example", replacing: null },
  });
  expect(typo.status()).toBe(400);

  for (const role of ["finance", "support", "viewer"] as const) {
    await signInAs(role);
    const response = await page.request.patch("/api/settings/webhook", {
      headers: BFF_HEADERS,
      data: { url: "https://evil.example/hook", confirmHost: "evil.example", replacing: null },
    });
    expect(response.status(), role).toBe(403);
    expect((await page.request.get("/api/settings")).status(), role).toBe(403);
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  }
  await signInAs("admin");
  const me = (await (await page.request.get("/api/settings")).json()) as { webhookUrl: string | null };
  expect(me.webhookUrl).not.toBe("https://evil.example/hook");
});
