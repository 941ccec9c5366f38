import { BFF_HEADERS, expect, switchMode, test } from "./fixtures";
import { simPost, useLiveMode } from "./nigeria-helpers";
import { BANGLADESH_PAYIN, EUROPE_PAYIN, confirmTwice, fillFields, openReview, simRows } from "./payins-helpers";

// Request a payment, per region, against the shared simulator: fresh state each, one at a time.
test.describe.configure({ mode: "serial" });
test.beforeEach(async ({ sim }) => {
  await sim.reset();
});

test("Bangladesh: a double-clicked request creates one pay-in and shows the hosted link, expiries and estimated fees", async ({
  page,
  signInAs,
  request,
}) => {
  await signInAs("finance");
  const before = await simRows(request, "test", { type: "payin", rail: "bangladesh" });
  await page.goto("/payins/bangladesh");
  await fillFields(page, BANGLADESH_PAYIN);
  await openReview(page, "Review request", {
    amount: "500",
    paymentMethodCode: "NAGAD",
    "customer.email": "rahim@example.com",
    "goodsInfo.name": "Order 42",
  });
  await confirmTwice(page, "Send request");

  await page.waitForURL(/\/payins\/bangladesh\/tx_/);
  const status = page.getByTestId("payin-status");
  await expect(status).toHaveAttribute("data-status", "pending");
  await expect(page.getByTestId("bd-payment-url")).toHaveText(/^https:\/\/pay\.sim\.example\/bd\//);
  await expect(page.getByRole("link", { name: /Open payment page/ })).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("button", { name: "Copy the payment page" })).toBeVisible();
  await expect(page.getByTestId("bd-expires-at")).not.toHaveText("—");
  // The wallet's YYYYMMDDHHmmss shown as a date and time, with its offset.
  await expect(page.getByTestId("bd-expired-time")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
  await expect(page.getByTestId("payin-fee")).toHaveText("12.50 BDT (estimated)");
  await expect(page.getByTestId("payin-net")).toHaveText("487.50 BDT (estimated)");

  const after = await simRows(request, "test", { type: "payin", rail: "bangladesh" });
  expect(after.length - before.length).toBe(1);
  expect(page.url()).toContain(after[0]?.id);
});

test("an amount typed with thousands separators is read as printed, restated in the review; a comma as the decimal point is refused", async ({
  page,
  signInAs,
}) => {
  await signInAs("finance");
  await page.goto("/payins/bangladesh");
  await fillFields(page, { ...BANGLADESH_PAYIN, "Amount (BDT)": "1.000,50" });
  await page.getByRole("button", { name: "Review request" }).click();
  await expect(page.getByText("1.000,50 has a comma as the decimal point: write it as 1000.50")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await fillFields(page, { "Amount (BDT)": "1,000" });
  await openReview(page, "Review request", { amount: "1000" });
  await expect(page.getByRole("dialog").locator('[data-reading="amount"]')).toHaveText("= 1,000.00 BDT");
});

test("Bangladesh and PIX amounts outside §8 are refused with a clear message, before anything is sent", async ({
  page,
  signInAs,
  request,
}) => {
  await signInAs("admin");
  const bdBefore = await simRows(request, "test", { type: "payin", rail: "bangladesh" });
  await page.goto("/payins/bangladesh");
  await fillFields(page, { ...BANGLADESH_PAYIN, "Amount (BDT)": "199.99" });
  await page.getByRole("button", { name: "Review request" }).click();
  await expect(page.getByText("Amount must be at least 200.00 BDT")).toBeVisible();
  await fillFields(page, { "Amount (BDT)": "25000.01" });
  await page.getByRole("button", { name: "Review request" }).click();
  await expect(page.getByText("Amount must be at most 25,000.00 BDT")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.goto("/payins/brazil");
  await fillFields(page, { "Amount (BRL)": "9.99", "Customer name": "Ana", "Customer email": "ana@example.com" });
  await page.getByRole("button", { name: "Review request" }).click();
  await expect(page.getByText("Amount must be at least 10.00 BRL")).toBeVisible();
  await fillFields(page, { "Amount (BRL)": "15000.01" });
  await page.getByRole("button", { name: "Review request" }).click();
  await expect(page.getByText("Amount must be at most 15,000.00 BRL")).toBeVisible();

  // The BFF applies the same schema: a crafted request is refused too.
  const crafted = await page.request.post("/api/payins/brazil", {
    headers: BFF_HEADERS,
    data: {
      reference: "0b7c1a7e-52b1-4c7e-9a0e-3f1f1a2b3c4d",
      body: { amount: "15000.01", paymentMethodCode: "PIX", customer: { name: "Ana", email: "ana@example.com" } },
    },
  });
  expect(crafted.status()).toBe(400);
  expect(((await crafted.json()) as { error: { fields: Record<string, string[]> } }).error.fields["body.amount"]).toEqual([
    "Amount must be at most 15,000.00 BRL",
  ]);
  expect(await simRows(request, "test", { type: "payin", rail: "bangladesh" })).toHaveLength(bdBefore.length);
});

test("Brazil: one PIX pay-in with code, browser-drawn QR and url; not enabled in live", async ({ page, signInAs, request }) => {
  await signInAs("finance");
  const before = await simRows(request, "test", { type: "payin", rail: "brazil" });
  await page.goto("/payins/brazil");
  await fillFields(page, { "Amount (BRL)": "150.00", "Customer name": "Ana Souza", "Customer email": "ana@example.com" });
  await openReview(page, "Review request", { amount: "150.00", paymentMethodCode: "PIX", "customer.name": "Ana Souza" });
  await confirmTwice(page, "Send request");
  await page.waitForURL(/\/payins\/brazil\/tx_/);
  await expect(page.getByTestId("pix-code")).not.toBeEmpty();
  await expect(page.getByRole("button", { name: "Copy the PIX code" })).toBeVisible();
  await expect(page.getByTestId("pix-qr")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(page.getByTestId("pix-url")).toHaveText(/^https:\/\//);
  expect((await simRows(request, "test", { type: "payin", rail: "brazil" })).length - before.length).toBe(1);

  // Live: Brazil is not approved in the seed, so there is no form and no link to it.
  await useLiveMode(page);
  await page.goto("/payins/brazil");
  await expect(page.getByTestId("market-unavailable")).toContainText("Brazil is not enabled");
  await expect(page.getByRole("button", { name: "Review request" })).toHaveCount(0);
  await page.goto("/payins");
  await expect(page.getByTestId("payin-regions-brazil")).toHaveAttribute("data-state", "not_enabled");
  await expect(page.getByTestId("payin-regions-brazil").getByRole("link")).toHaveCount(0);
  await expect(page.getByTestId("payin-regions-bangladesh").getByRole("link", { name: "Bangladesh" })).toBeVisible();
});

// A 400 naming a code is kept by the API for the reference's key: the dialog says it is final and
// what it named, and only Start again (a new reference) can send the request.
test("Brazil: a refusal the API keeps for the reference is said as final, with its code; Start again sends it once", async ({
  page,
  signInAs,
  request,
  sim,
}) => {
  await signInAs("finance");
  const before = await simRows(request, "test", { type: "payin", rail: "brazil" });
  await page.goto("/payins/brazil");
  await fillFields(page, { "Amount (BRL)": "150.00", "Customer name": "Ana Souza", "Customer email": "ana@example.com" });
  await openReview(page, "Review request", { amount: "150.00" });
  const reference = page.getByRole("dialog").locator('[data-field="reference"]');
  const first = await reference.innerText();
  await sim.failNext(1, 400, "/v1/br/payins", "limit_exceeded");
  await page.getByRole("dialog").getByRole("button", { name: "Send request" }).click();
  const failure = page.getByRole("dialog").getByTestId("review-error");
  await expect(failure).toHaveAttribute("data-kind", "spent");
  await expect(failure).toContainText("The payments service refused this write (limit_exceeded).");
  await expect(failure).toContainText("This reference is now spent");
  await failure.getByRole("button", { name: "Start again" }).click();
  await openReview(page, "Review request", { amount: "150.00" });
  await expect(reference).not.toHaveText(first);
  await confirmTwice(page, "Send request");
  await page.waitForURL(/\/payins\/brazil\/tx_/);
  expect((await simRows(request, "test", { type: "payin", rail: "brazil" })).length - before.length).toBe(1);
});

test("India: INR or USDT explained, an optional quote, one pay-in, and the UTR submitted", async ({ page, signInAs, request }) => {
  await signInAs("finance");
  const before = await simRows(request, "test", { type: "payin", rail: "india" });
  await page.goto("/payins/india");
  await expect(page.getByTestId("india-explainer")).toContainText(
    "The customer always pays in INR by UPI, and the merchant is always credited in USDT.",
  );
  await page.getByRole("button", { name: "Show the current INR/USDT rate" }).click();
  await expect(page.getByTestId("india-quote")).toContainText("1 USDT = 88.50 INR");

  await fillFields(page, { Amount: "8850.00", "Amount is in": "INR" });
  await openReview(page, "Review request", { amount: "8850.00", currencySymbol: "INR" });
  await confirmTwice(page, "Send request");
  await page.waitForURL(/\/payins\/india\/tx_/);
  await expect(page.getByTestId("india-inr")).toHaveText("8,850.00 INR");
  await expect(page.getByTestId("india-usdt")).toHaveText("100.000000 USDT");
  await expect(page.getByTestId("india-vpa")).not.toHaveText("—");
  await expect(page.getByRole("button", { name: "Copy the UPI intent" })).toBeVisible();
  expect((await simRows(request, "test", { type: "payin", rail: "india" })).length - before.length).toBe(1);

  await page.getByLabel("Bank UTR").fill("12345");
  await page.getByRole("button", { name: "Submit UTR" }).click();
  await expect(page.getByText("The UTR is the 12-digit bank reference")).toBeVisible();
  await page.getByLabel("Bank UTR").fill("123456789012");
  await page.getByRole("button", { name: "Submit UTR" }).click();
  await expect(page.getByTestId("india-trade-event")).toHaveText("3: buyer confirmed (UTR submitted)");
  await expect(page.getByTestId("india-utr-value")).toHaveText("123456789012");
});

test("India's result: copy buttons in the order of their rows, a QR of the UPI intent, the customer as entered, a UTR typed in groups", async ({
  page,
  signInAs,
}) => {
  await signInAs("finance");
  await page.goto("/payins/india");
  await fillFields(page, {
    Amount: "1,000",
    "Amount is in": "INR",
    "Customer name (optional)": "Asha Rao",
    "Customer email (optional)": "asha@example.com",
    "Customer phone (optional)": "+91 98765 43210",
  });
  await openReview(page, "Review request", { amount: "1000", "customer.name": "Asha Rao" });
  await confirmTwice(page, "Send request");
  await page.waitForURL(/\/payins\/india\/tx_/);

  const rowLabels = await page.getByTestId("payin-status").locator("dt").allInnerTexts();
  expect(rowLabels.indexOf("UPI VPA")).toBeLessThan(rowLabels.indexOf("UPI intent"));
  const copyNames = await page.getByRole("button", { name: /^Copy the UPI/ }).allInnerTexts();
  expect(copyNames).toEqual(["Copy the UPI VPA", "Copy the UPI intent"]);
  await expect(page.getByTestId("upi-qr")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(page.getByTestId("india-customer-name")).toHaveText("Asha Rao");
  await expect(page.getByTestId("india-customer-email")).toHaveText("asha@example.com");
  await expect(page.getByTestId("india-customer-phone")).toHaveText("+91 98765 43210");

  await page.getByLabel("Bank UTR").fill("1234 5678 9012");
  await page.getByRole("button", { name: "Submit UTR" }).click();
  await expect(page.getByTestId("india-utr-value")).toHaveText("123456789012");
  // Kept across the poll that followed.
  await expect(page.getByTestId("india-customer-name")).toHaveText("Asha Rao");
});

test("Europe: one pay-in with the checkout link and a display-only USDC quote", async ({ page, signInAs, request }) => {
  await signInAs("admin");
  const before = await simRows(request, "test", { type: "payin", rail: "europe" });
  await page.goto("/payins/europe");
  await fillFields(page, EUROPE_PAYIN);
  await openReview(page, "Review request", { amount: "250.00", currency: "EUR", "customer.email": "eva@example.com" });
  await confirmTwice(page, "Send request");
  await page.waitForURL(/\/payins\/europe\/tx_/);
  await expect(page.getByTestId("eu-checkout-url")).toHaveText(/^https:\/\//);
  await expect(page.getByRole("heading", { name: "Indicative USDC quote (display only)" })).toBeVisible();
  await expect(page.getByTestId("eu-quote")).toContainText("270.000000 USDC at 1 EUR = 1.08 USDC");
  expect((await simRows(request, "test", { type: "payin", rail: "europe" })).length - before.length).toBe(1);
});

test("a pay-in reviewed in test mode is not sent once another tab has switched the session to live: refused, nothing created, and the page catches up", async ({
  page,
  signInAs,
  request,
}) => {
  await signInAs("admin");
  const before = {
    test: await simRows(request, "test", { type: "payin", rail: "europe" }),
    live: await simRows(request, "live", { type: "payin", rail: "europe" }),
  };
  await page.goto("/payins/europe");
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();
  await fillFields(page, EUROPE_PAYIN);
  await openReview(page, "Review request", { amount: "250.00", currency: "EUR" });

  // Another tab of the same session goes live; this one has not heard yet and still shows test.
  const other = await page.context().newPage();
  await other.goto("/");
  await switchMode(other, "live");
  await expect(other.getByText(/switched to live mode in another tab/)).toHaveCount(0);
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();

  await page.getByRole("dialog").getByRole("button", { name: "Send request" }).click();
  // The BFF refused it; the page now shows live, its form cleared, and says why.
  await expect(
    page.getByRole("status").filter({ hasText: "Your session was switched to live mode in another tab or window" }),
  ).toBeVisible();
  await expect(page.getByTestId("live-mode-banner")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByLabel("Customer name", { exact: true })).toHaveValue("");
  expect(await simRows(request, "test", { type: "payin", rail: "europe" })).toHaveLength(before.test.length);
  expect(await simRows(request, "live", { type: "payin", rail: "europe" })).toHaveLength(before.live.length);
  await other.close();
});

test("PYUSD: live only, one intent with its deposit address; not enabled once unapproved", async ({ page, signInAs, request, sim }) => {
  await signInAs("finance");
  await page.goto("/payins/pyusd");
  await expect(page.getByTestId("market-unavailable")).toContainText("PYUSD is live only");

  await useLiveMode(page);
  const before = await simRows(request, "live", { type: "payin", rail: "pyusd" });
  await page.goto("/payins/pyusd");
  await fillFields(page, { "Amount (PYUSD)": "75.5", "Expires in (minutes)": "30" });
  const reference = await page.getByLabel("Merchant reference", { exact: true }).inputValue();
  expect(reference).toMatch(/^PY-\d{8}-[0-9A-F]{10}$/);
  await openReview(page, "Review request", { amount: "75.5", merchantReference: reference, expiresInMinutes: "30" });
  await confirmTwice(page, "Send request");
  await page.waitForURL(/\/payins\/pyusd\/tx_/);
  await expect(page.getByTestId("pyusd-address")).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByTestId("pyusd-settlement")).toHaveText("awaiting_payment");
  await expect(page.getByTestId("pyusd-expires")).not.toHaveText("—");
  await expect(page.getByRole("button", { name: "Copy the deposit address" })).toBeVisible();
  expect((await simRows(request, "live", { type: "payin", rail: "pyusd" })).length - before.length).toBe(1);

  // Ended (the simulator settles it within its 30 minutes): the address is no longer offered, as
  // funds sent to an ended intent would credit no pocket.
  await simPost(request, "/_sim/advance", { seconds: 31 * 60 });
  await page.reload();
  await expect(page.getByTestId("pyusd-settlement")).not.toHaveText("awaiting_payment");
  await expect(page.getByTestId("not-payable")).toContainText("No longer payable");
  await expect(page.getByTestId("pyusd-address")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Copy the deposit address" })).toHaveCount(0);

  await sim.setMarket("live", "pyusd", false);
  await page.goto("/payins/pyusd");
  await expect(page.getByTestId("market-unavailable")).toContainText("PYUSD is not enabled");
});

test("the same reviewed pay-in sent twice at once through the BFF is one record", async ({ page, signInAs, request }) => {
  await signInAs("finance");
  const before = await simRows(request, "test", { type: "payin", rail: "europe" });
  const submission = {
    reference: "e2e-attempt-0123456789abcdef",
    body: { amount: "80.00", currency: "GBP", customer: { name: "Eva", email: "eva@example.com" } },
  };
  const [first, second] = await Promise.all([
    page.request.post("/api/payins/europe", { headers: BFF_HEADERS, data: submission }),
    page.request.post("/api/payins/europe", { headers: BFF_HEADERS, data: submission }),
  ]);
  expect([first.status(), second.status()]).toEqual([200, 200]);
  const [a, b] = (await Promise.all([first.json(), second.json()])) as { transactionId: string }[];
  expect(a?.transactionId).toBe(b?.transactionId);
  expect((await simRows(request, "test", { type: "payin", rail: "europe" })).length - before.length).toBe(1);
});

test("viewers and support may not request payments (403 from the BFF)", async ({ page, signInAs }) => {
  for (const role of ["viewer", "support"] as const) {
    await signInAs(role);
    const response = await page.request.post("/api/payins/europe", {
      headers: BFF_HEADERS,
      data: {
        reference: "e2e-attempt-0123456789abcdef",
        body: { amount: "1", currency: "EUR", customer: { name: "E", email: "e@example.com" } },
      },
    });
    expect(response.status()).toBe(403);
    await page.goto("/payins/europe");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  }
});

test("Bangladesh paused: a banner and no retry, while Europe keeps working", async ({ page, signInAs, sim, request }) => {
  await signInAs("finance");
  await sim.pauseBangladesh(true, "test");
  try {
    await page.goto("/payins/bangladesh");
    await fillFields(page, BANGLADESH_PAYIN);
    await openReview(page, "Review request", { amount: "500" });
    await page.getByRole("dialog").getByRole("button", { name: "Send request" }).click();
    await expect(page.getByTestId("market-paused")).toContainText("Bangladesh is paused");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Review request" })).toBeDisabled();
    await expect(page.getByRole("button", { name: /try again|retry/i })).toHaveCount(0);
    // The overview learns it too (lib/server/market-pause.ts).
    await page.goto("/");
    await expect(page.getByTestId("market-bangladesh")).toHaveAttribute("data-state", "paused");

    const europeBefore = await simRows(request, "test", { type: "payin", rail: "europe" });
    await page.goto("/payins/europe");
    await fillFields(page, EUROPE_PAYIN);
    await openReview(page, "Review request", { amount: "250.00" });
    await page.getByRole("dialog").getByRole("button", { name: "Send request" }).click();
    await page.waitForURL(/\/payins\/europe\/tx_/);
    await expect(page.getByTestId("eu-checkout-url")).toBeVisible();
    expect((await simRows(request, "test", { type: "payin", rail: "europe" })).length - europeBefore.length).toBe(1);
  } finally {
    await sim.pauseBangladesh(false, "test");
  }
  // Resumed: the page still offers a new request under the remembered banner, and its success clears the pause.
  await page.goto("/payins/bangladesh");
  await expect(page.getByTestId("market-paused")).toBeVisible();
  await fillFields(page, BANGLADESH_PAYIN);
  await openReview(page, "Review request", { amount: "500" });
  await page.getByRole("dialog").getByRole("button", { name: "Send request" }).click();
  await page.waitForURL(/\/payins\/bangladesh\/tx_/);
  await page.goto("/");
  await expect(page.getByTestId("market-bangladesh")).toHaveAttribute("data-state", "enabled");
});
