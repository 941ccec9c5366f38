import type { Page } from "@playwright/test";
import Decimal from "decimal.js";
import { BFF_HEADERS, expect, test } from "./fixtures";
import {
  clearFaults,
  fillWizard,
  payoutBody,
  simNgnAvailable,
  simPayoutsWithReference,
  simPost,
  useLiveMode,
  verifiedBeneficiary,
  GTB,
  wizardAtAccountNumber,
} from "./nigeria-helpers";
import { makeStepUpStale, newTotpUser, nextCode, signInWithCode, type TotpUser } from "./totp";

// One shared simulator: fresh state per test, one at a time.
test.describe.configure({ mode: "serial" });
test.beforeEach(async ({ sim, request }) => {
  await sim.reset();
  await clearFaults(request);
});
test.afterEach(async ({ request }) => {
  await clearFaults(request);
});

const grouped = (value: string) => new Decimal(value).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

test("a full wizard run reaches success, and the NGN debit shows on the balances page", async ({ page, signInAs, request }) => {
  await signInAs("finance");
  await useLiveMode(page);
  const before = await simNgnAvailable(request);

  const reference = await fillWizard(page, { amount: "01500.50" });
  const review = page.getByRole("dialog", { name: "Review the payout" });
  // Every field exactly as it will be sent ("01500.50" as typed).
  await expect(review.locator('[data-field="amount"]')).toHaveText("1500.50");
  // Beside it, as a person reads it: a zero too many would show here.
  await expect(review.locator('[data-reading="amount"]')).toHaveText("= 1,500.50 NGN");
  await expect(review.locator('[data-field="merchantReference"]')).toHaveText(reference);
  await expect(review.locator('[data-field="beneficiary.accountNumber"]')).toHaveText("0123456789");
  await expect(review.locator('[data-field="beneficiary.bankCode"]')).toHaveText("058");
  await review.getByRole("button", { name: "Send payout" }).click();

  await expect(page).toHaveURL(/\/nigeria\/payouts\/tx_/);
  const status = page.getByTestId("payout-status");
  await expect(status).toHaveAttribute("data-status", "pending");
  await expect(page.getByTestId("payout-merchant-reference")).toHaveText(reference);
  await expect(page.getByTestId("payout-account-number")).toHaveText("••••••6789");
  const [created] = await simPayoutsWithReference(request, reference);
  expect(created).toBeDefined();
  await expect(page.getByTestId("payout-transaction-id")).toHaveText(created?.transactionId ?? "");

  // queued → processing → sent → completed over 3 simulated minutes, shown as steps.
  await expect(page.getByTestId("payout-steps").locator('[aria-current="step"]')).toHaveText(/Queued/);
  await expect(page.getByTestId("payout-created")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
  await simPost(request, "/_sim/advance", { seconds: 200 });
  await page.getByRole("button", { name: "Refresh now" }).click();
  await expect(status).toHaveAttribute("data-status", "success");
  await expect(status).toHaveAttribute("data-settled", "true");
  await expect(page.getByTestId("payout-withdrawal-status")).toHaveText("completed");
  await expect(page.getByTestId("payout-steps").locator('[aria-current="step"]')).toHaveText(/Completed/);
  await expect(page.getByTestId("payout-completed")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
  // Final: polling stopped, no refresh offered.
  await expect(page.getByRole("button", { name: "Refresh now" })).toHaveCount(0);

  await page.goto("/");
  const expected = new Decimal(before).minus("1500.50").toFixed(2);
  await expect(page.getByTestId("pocket-NGN").getByTestId("available")).toHaveText(grouped(expected));

  // The recent list says who was paid and where, and links to the status page.
  await page.goto("/nigeria/payouts");
  const row = page.getByTestId("ngn-row").filter({ has: page.getByRole("link", { name: created?.transactionId ?? "" }) });
  await expect(row.getByTestId("ngn-beneficiary")).toHaveText(/^\S.*Guaranty Trust Bank · ••••••6789$/);
  await row.getByRole("link", { name: created?.transactionId ?? "" }).click();
  await expect(page.getByTestId("payout-status")).toBeVisible();
});

test("a double click on confirm creates exactly one payout", async ({ page, signInAs, request }) => {
  await signInAs("admin");
  await useLiveMode(page);
  const reference = await fillWizard(page, { amount: "700" });
  // Latency keeps the first request open while the second click lands.
  await simPost(request, "/_sim/faults", { latencyMs: 800 });
  await page.getByRole("button", { name: "Send payout" }).dblclick();
  await expect(page).toHaveURL(/\/nigeria\/payouts\/tx_/);
  expect(await simPayoutsWithReference(request, reference)).toHaveLength(1);
});

test("the simulator commits but drops the answer: the BFF retries and there is exactly one payout", async ({ page, signInAs, request }) => {
  await signInAs("finance");
  await useLiveMode(page);
  const reference = await fillWizard(page, { amount: "900.25" });
  await simPost(request, "/_sim/faults", { dropResponseNext: { count: 1, path: "/v1/ngn/payouts" } });
  await page.getByRole("button", { name: "Send payout" }).click();

  await expect(page).toHaveURL(/\/nigeria\/payouts\/tx_/);
  const payouts = await simPayoutsWithReference(request, reference);
  expect(payouts).toHaveLength(1);
  await expect(page.getByTestId("payout-transaction-id")).toHaveText(payouts[0]?.transactionId ?? "");
  await expect(page.getByTestId("payout-amount")).toHaveText("900.25 NGN");
});

test("a refresh during the submit and the same payout from a second tab create no duplicate", async ({
  page,
  context,
  signInAs,
  request,
}) => {
  await signInAs("finance");
  await useLiveMode(page);
  const reference = await fillWizard(page, { amount: "1200" });
  // The payout commits and its answer is held until the BFF's timeout (then its retry is answered):
  // the reload below lands while the submit is unanswered. (An upstream latency on every call made
  // the reload's own server render as slow as the submit, and the submit sometimes won.)
  await simPost(request, "/_sim/faults", { holdResponseNext: { count: 1, path: "/v1/ngn/payouts" } });

  const sent = page.waitForRequest((req) => req.url().endsWith("/api/nigeria/payouts") && req.method() === "POST");
  await page.getByRole("button", { name: "Send payout" }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  await page.reload();

  // After the refresh the tab remembers only the reference, and finds the payout by it.
  const recovery = page.getByTestId("payout-recovery");
  await expect(recovery).toContainText(reference);
  await expect(recovery).toContainText("It was created as transaction", { timeout: 20_000 });
  await clearFaults(request);
  const [payout] = await simPayoutsWithReference(request, reference);
  await expect(recovery).toContainText(payout?.transactionId ?? "missing");

  // No personal data in browser storage: only the reference and the id.
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain("0123456789");
  expect(stored).not.toContain(String((body.beneficiary as { accountName: string }).accountName));

  // A second tab sends the same reviewed payout: the API replays the first answer.
  const second = await context.newPage();
  const response = await second.request.post("/api/nigeria/payouts", { headers: BFF_HEADERS, data: body });
  expect(response.status()).toBe(200);
  expect((await response.json()).transactionId).toBe(payout?.transactionId);
  expect(await simPayoutsWithReference(request, reference)).toHaveLength(1);

  await recovery.getByRole("link", { name: "View its status" }).click();
  await expect(page.getByTestId("payout-transaction-id")).toHaveText(payout?.transactionId ?? "");
});

// A payout left with no answer was forgotten by "New reference", and the next send went under a new key.
test("while a sent payout's outcome is open, no payout goes under another reference until it is found", async ({
  page,
  signInAs,
  request,
}) => {
  await signInAs("finance");
  await useLiveMode(page);
  const reference = await fillWizard(page, { amount: "800" });
  await simPost(request, "/_sim/faults", { dropResponseNext: { count: 10, path: "/v1/ngn/payouts" } });
  const review = page.getByRole("dialog", { name: "Review the payout" });
  await review.getByRole("button", { name: "Send payout" }).click();
  await expect(review.getByRole("button", { name: "Check again" })).toBeVisible();
  // The lookup cannot tell yet (its list read is refused): the payout stays open.
  await clearFaults(request);
  await simPost(request, "/_sim/faults", { failNext: { count: 1000, status: 400, path: "/v1/transactions" } });
  await page.keyboard.press("Escape");

  const recovery = page.getByTestId("payout-recovery");
  await expect(recovery).toContainText(reference);
  await expect(recovery).toContainText("Could not check whether it was created");
  await expect(page.getByRole("button", { name: "New reference" })).toBeDisabled();
  await page.getByLabel("Merchant reference").fill("NGN-SECOND-TRY-1");
  await page.getByRole("button", { name: "Review payout" }).click();
  await expect(page.getByText(`The earlier payout from this tab (reference ${reference}) may have been created`)).toBeVisible();
  await expect(review).toHaveCount(0);
  // Dismissing an open payout is asked once more, with why: the form would then send another.
  await recovery.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByTestId("payout-recovery-dismiss-warning")).toContainText("could pay twice");
  await expect(recovery.getByRole("button", { name: "Dismiss anyway" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New reference" })).toBeDisabled();

  // Found: the earlier one is settled, and a new payout may get a new reference.
  await clearFaults(request);
  await recovery.getByRole("button", { name: "Ask again" }).click();
  await expect(recovery).toContainText("It was created as transaction");
  await expect(page.getByRole("button", { name: "New reference" })).toBeEnabled();
  expect(await simPayoutsWithReference(request, reference)).toHaveLength(1);
  expect(await simPayoutsWithReference(request, "NGN-SECOND-TRY-1")).toHaveLength(0);
});

test("a beneficiary that did not come from the BFF's own name enquiry is refused", async ({ page, signInAs, request }) => {
  await signInAs("finance");
  await useLiveMode(page);
  const genuine = await verifiedBeneficiary(page);
  const reference = `NGN-FORGED-${Date.now()}`;

  const attempts = [
    { ...payoutBody(genuine, "1000", reference), beneficiaryToken: "forged-token" },
    (() => {
      const { beneficiaryToken: _absent, ...rest } = payoutBody(genuine, "1000", reference);
      return rest;
    })(),
    // A real token, but for another account than the one sent.
    {
      ...payoutBody(genuine, "1000", reference),
      beneficiary: { ...payoutBody(genuine, "1000", reference).beneficiary, accountNumber: "9876543210" },
    },
    {
      ...payoutBody(genuine, "1000", reference),
      beneficiary: { ...payoutBody(genuine, "1000", reference).beneficiary, accountName: "MALLORY" },
    },
  ];
  for (const data of attempts) {
    const response = await page.request.post("/api/nigeria/payouts", { headers: BFF_HEADERS, data });
    expect(response.status()).toBe(400);
    const error = (await response.json()).error;
    expect(error.code).toBe("validation");
    expect(error.fields).toHaveProperty("beneficiaryToken");
  }
  // The BFF re-checks the amount limits too.
  const tooSmall = await page.request.post("/api/nigeria/payouts", {
    headers: BFF_HEADERS,
    data: payoutBody(genuine, "499.99", reference),
  });
  expect(tooSmall.status()).toBe(400);
  expect((await tooSmall.json()).error.fields.amount).toEqual(["Amount must be at least 500.00 NGN"]);
  expect(await simPayoutsWithReference(request, reference)).toHaveLength(0);
});

test("insufficient_balance is explained at the amount step and the next attempt gets a new reference", async ({
  page,
  signInAs,
  request,
}) => {
  await signInAs("finance");
  await useLiveMode(page);
  // The wizard loads the balance first; then the pocket is drained behind its back, so only the API can refuse.
  const reference = await fillWizard(page, { amount: "4000000" });
  const beneficiary = await verifiedBeneficiary(page);
  for (let round = 0; new Decimal(await simNgnAvailable(request)).gte("4000000"); round += 1) {
    const available = new Decimal(await simNgnAvailable(request));
    const drain = Decimal.min(available.minus("1000"), "5000000").toFixed(2);
    const drained = await page.request.post("/api/nigeria/payouts", {
      headers: BFF_HEADERS,
      data: payoutBody(beneficiary, drain, `NGN-DRAIN-${round}`),
    });
    expect(drained.status()).toBe(200);
  }

  await page.getByRole("button", { name: "Send payout" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("Only the NGN pocket can fund Nigeria payouts; other currencies cannot be used.")).toBeVisible();
  const next = await page.getByLabel("Merchant reference").inputValue();
  expect(next).not.toBe(reference);
  expect(await simPayoutsWithReference(request, reference)).toHaveLength(0);
});

test("a failed name enquiry is shown at the account step and blocks the wizard", async ({ page, signInAs }) => {
  await signInAs("admin");
  await useLiveMode(page);
  await page.goto("/nigeria/payouts/new");
  await page.getByRole("radio", { name: "Guaranty Trust Bank" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Account number (NUBAN)").fill("1234560000");
  await page.getByRole("button", { name: "Look up account name" }).click();
  await expect(page.getByText("The bank could not resolve this account.")).toBeVisible();
  await expect(page.getByTestId("resolved-name")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();

  // Changing the number after a resolved name discards it.
  await page.getByLabel("Account number (NUBAN)").fill("0123456789");
  await page.getByRole("button", { name: "Look up account name" }).click();
  await expect(page.getByTestId("resolved-name")).toBeVisible();
  await page.getByLabel("Account number (NUBAN)").fill("0123456788");
  await expect(page.getByTestId("resolved-name")).toHaveCount(0);
});

/**
 * The signed-in `user`'s step-up made stale, then the wizard to Send: the step-up dialog is what
 * answers. The payout's reference, the review and the step-up dialog.
 */
async function sendNeedingStepUp(page: Page, user: TotpUser, amount: string) {
  await makeStepUpStale(user.email);
  const reference = await fillWizard(page, { amount });
  const review = page.getByRole("dialog", { name: "Review the payout" });
  await review.getByRole("button", { name: "Send payout" }).click();
  return { reference, review, stepUp: page.getByRole("dialog", { name: "Confirm it is you" }) };
}

test("step-up in the middle of the wizard: the code is asked at Send, and the payout is sent once, after it", async ({
  page,
  request,
  answerStepUp,
}) => {
  const user = newTotpUser("finance");
  await signInWithCode(page.request, user);
  await useLiveMode(page);
  const { reference, review, stepUp } = await sendNeedingStepUp(page, user, "2100.00");
  await expect(stepUp).toBeVisible();
  // Nothing has reached the payments service yet.
  expect(await simPayoutsWithReference(request, reference)).toHaveLength(0);

  // Cancelled: the review says nothing was sent (not "no answer, it may exist"), and Send asks again.
  await stepUp.getByRole("button", { name: "Cancel" }).click();
  await expect(review.getByRole("alert")).toContainText("Nothing was sent: the code from your authenticator app was not given");
  await review.getByRole("button", { name: "Send payout" }).click();
  await expect(stepUp).toBeVisible();

  // A wrong code keeps the dialog open and sends nothing.
  await answerStepUp("000000");
  await expect(stepUp.getByRole("alert")).toContainText("not right");
  expect(await simPayoutsWithReference(request, reference)).toHaveLength(0);

  await answerStepUp(nextCode(user));
  await expect(page).toHaveURL(/\/nigeria\/payouts\/tx_/);
  const sent = await simPayoutsWithReference(request, reference);
  expect(sent).toHaveLength(1);
  await expect(page.getByTestId("payout-transaction-id")).toHaveText(sent[0]?.transactionId ?? "");
  await expect(page.getByTestId("payout-amount")).toHaveText(/2,100\.00/);
});

test("ten wrong codes at step-up end the session: the dialog says so and offers a new sign-in, and nothing was sent", async ({
  page,
  request,
  answerStepUp,
}) => {
  const user = newTotpUser("finance");
  await signInWithCode(page.request, user);
  await useLiveMode(page);
  const { reference, stepUp } = await sendNeedingStepUp(page, user, "2200.00");
  for (let wrong = 1; wrong < 10; wrong++) {
    await answerStepUp("000000");
    await expect(stepUp.getByRole("alert")).toContainText("not right");
    // Each answer is awaited before the next code is typed (the alert is replaced, then shown again).
    await expect(stepUp.getByRole("button", { name: "Confirm" })).toHaveText("Confirm");
  }
  await answerStepUp("000000");
  await expect(stepUp.getByRole("alert")).toContainText("this session was signed out");
  await stepUp.getByRole("button", { name: "Sign in again" }).click();
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fnigeria%2Fpayouts%2Fnew/);
  expect(await simPayoutsWithReference(request, reference)).toHaveLength(0);
  // The cookie names no session any more, whatever code comes with it.
  expect((await page.request.get("/api/session")).status()).toBe(401);
});

test("a balances refetch that fails in the background keeps the half-filled wizard", async ({ page, signInAs }) => {
  await signInAs("finance");
  await useLiveMode(page);
  // The page's own clock, so the minute-long refetch interval and the retries after it can be run through.
  await page.clock.install();
  await wizardAtAccountNumber(page);
  await page.getByRole("button", { name: "Look up account name" }).click();
  await expect(page.getByTestId("resolved-name")).toBeVisible();
  await page.getByRole("checkbox", { name: "This is the person or business I mean to pay" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Amount (NGN)").fill("1234.56");

  let failedReads = 0;
  await page.route("**/api/balances", (route) => {
    failedReads += 1;
    return route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "upstream_unavailable", message: "down" } }),
    });
  });
  // The interval's refetch, then its two retries, each failing.
  await page.clock.fastForward("01:05");
  await expect.poll(async () => (await page.clock.runFor(5_000), failedReads)).toBeGreaterThanOrEqual(3);

  await expect(page.getByText("The Nigeria market state could not be checked.")).toHaveCount(0);
  await expect(page.getByLabel("Amount (NGN)")).toHaveValue("1234.56");
  await page.unroute("**/api/balances");
  await page.getByRole("button", { name: "Review payout" }).click();
  await expect(page.getByRole("dialog", { name: "Review the payout" })).toBeVisible();
});

test("the bank list narrowing under a search does not move Continue (a click pressed before the answer still lands)", async ({
  page,
  signInAs,
}) => {
  await signInAs("finance");
  await useLiveMode(page);
  await page.goto("/nigeria/payouts/new");
  const banks = page.getByRole("group", { name: "Choose the beneficiary's bank" });
  await expect(banks.getByRole("radio").nth(3)).toBeVisible();
  const continueButton = page.getByRole("button", { name: "Continue" });
  const before = await continueButton.boundingBox();
  await page.getByLabel("Search banks").fill("guaranty");
  await expect(banks.getByRole("radio")).toHaveCount(1);
  expect(await continueButton.boundingBox()).toEqual(before);
});

test("the Nigeria pages' first HTML holds their data: the market, the recent payouts, a payout's status, the account", async ({
  page,
  signInAs,
  request,
}) => {
  await signInAs("finance");
  await useLiveMode(page);
  const beneficiary = await verifiedBeneficiary(page);
  const reference = `NGN-HTML-${Date.now()}`;
  const sent = await page.request.post("/api/nigeria/payouts", {
    headers: BFF_HEADERS,
    data: payoutBody(beneficiary, "1200.00", reference),
  });
  expect(sent.status()).toBe(200);
  const [created] = await simPayoutsWithReference(request, reference);
  const id = created?.transactionId ?? "";
  expect(id).not.toBe("");
  const serverHtml = async (path: string) => {
    const response = await page.request.get(path);
    expect(response.status()).toBe(200);
    return response.text();
  };

  const list = await serverHtml("/nigeria/payouts");
  expect(list).toContain(`href="/nigeria/payouts/${id}"`);
  expect(list).toContain("Guaranty Trust Bank · ••••••6789");
  expect(list).not.toContain("Checking the Nigeria market");
  expect(list).not.toContain("Loading recent payouts");

  // The status page's times are UTC in the server's HTML: it cannot know the reader's zone.
  const status = await serverHtml(`/nigeria/payouts/${id}`);
  expect(status).toContain('data-testid="payout-status"');
  expect(status).toContain(reference);
  expect(status).toMatch(/data-testid="payout-created"[^>]*>\d{2}:\d{2}:\d{2} UTC, \d{1,2} [A-Z][a-z]{2} \d{4}</);
  expect(status).not.toContain("Loading the payout");
  // An id no record could have (one the route refuses) is "not found", in the first HTML too.
  expect(await serverHtml(`/nigeria/payouts/${"x".repeat(300)}`)).toContain('data-testid="record-not-found"');

  const wizard = await serverHtml("/nigeria/payouts/new");
  expect(wizard).toContain("Search banks");
  expect(wizard).not.toContain("Checking the Nigeria market");

  const account = await serverHtml("/nigeria/virtual-account");
  expect(account).toContain('aria-label="Provision the virtual account"');
  expect(account).not.toContain("Loading the virtual account");
  expect(account).not.toContain("Loading inbound credits");
});

test("the wizard runs from the keyboard, has a Back from the amount, and the browser's Back moves a step and asks before leaving", async ({
  page,
  signInAs,
}) => {
  await signInAs("finance");
  await useLiveMode(page);
  await page.goto("/nigeria/payouts/");
  await page.getByRole("link", { name: "New payout" }).click();
  const heading = (name: string) => page.getByRole("heading", { level: 2, name });

  // A bank as people name it, then Enter: the one bank it names, and on.
  await page.getByLabel("Search banks").fill("gtb");
  await expect(page.getByRole("radio")).toHaveCount(1);
  await page.getByLabel("Search banks").press("Enter");
  await expect(heading("Account")).toBeVisible();
  await expect(page.getByText(`Bank: ${GTB.bankName}`)).toBeVisible();

  // Enter in the account number looks the name up; once confirmed, Enter goes on.
  const account = page.getByLabel("Account number (NUBAN)");
  await account.fill("0123456789");
  await account.press("Enter");
  await expect(page.getByTestId("resolved-name")).toBeVisible();
  await page.getByRole("checkbox", { name: "This is the person or business I mean to pay" }).check();
  await account.press("Enter");
  await expect(heading("Amount and details")).toBeVisible();

  // Back keeps what was typed on both steps.
  await page.getByLabel("Amount (NGN)").fill("1,500");
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await expect(heading("Account")).toBeVisible();
  await expect(account).toHaveValue("0123456789");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Amount (NGN)")).toHaveValue("1,500");

  // Enter in any field opens the review, which restates the amount read.
  await page.getByLabel("Description (optional)").fill("Invoice 7");
  await page.getByLabel("Description (optional)").press("Enter");
  // Live, said in the dialog itself (the banner is dimmed behind it), with the pocket it debits.
  const review = page.getByRole("dialog", { name: "Review the payout in live mode", exact: true });
  await expect(review.getByTestId("review-debits")).toHaveText("Live: real money. Debits the NGN pocket when the payout is accepted.");
  await expect(review.locator('[data-field="amount"]')).toHaveText("1500");
  await expect(review.locator('[data-reading="amount"]')).toHaveText("= 1,500.00 NGN");

  // The browser's Back and Forward move a step at a time, in the page as it is (no reload).
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const sameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
  await page.goBack();
  await expect(review).toHaveCount(0);
  await expect(heading("Amount and details")).toBeVisible();
  await page.goBack();
  await expect(heading("Account")).toBeVisible();
  await page.goForward();
  await expect(heading("Amount and details")).toBeVisible();
  await expect(page.getByLabel("Description (optional)")).toHaveValue("Invoice 7");
  await page.goBack();
  await page.goBack();
  await expect(heading("Bank")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/nigeria/payouts/new");
  expect(await sameDocument()).toBe(true);

  // One more Back would leave with all this typed: it asks first, and staying keeps everything.
  page.once("dialog", (dialog) => void dialog.dismiss());
  await page.goBack();
  await expect(heading("Bank")).toBeVisible();
  await expect(page.getByRole("radio", { name: GTB.bankName })).toBeChecked();
  expect(new URL(page.url()).pathname).toBe("/nigeria/payouts/new");
  expect(await sameDocument()).toBe(true);
  // A link out asks the same.
  page.once("dialog", (dialog) => void dialog.dismiss());
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Transactions" }).click();
  await expect(page.getByRole("radio", { name: GTB.bankName })).toBeChecked();
  expect(new URL(page.url()).pathname).toBe("/nigeria/payouts/new");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.goBack();
  await expect(page).toHaveURL(/\/nigeria\/payouts\/?$/);
});
