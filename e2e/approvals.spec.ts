import { readFileSync } from "node:fs";
import pg from "pg";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
// Aliased: a plain function here, not a React hook (the hooks lint goes by the name).
import { DEMO_TOTP_FILE, useDemoSession as signInDemoSession } from "./demo-staff";
import { DASHBOARD_URL, DATABASE_URL, PORT_OFFSET, SIMULATOR_URL } from "./env";
import { BFF_HEADERS, expect, test } from "./fixtures";
import { dashboardInstance, sameSessionOn } from "./instances";
import { payoutBody, simPayoutsWithReference, simPost, useLiveMode, verifiedBeneficiary } from "./nigeria-helpers";
import { fillFields, openReview, simPayouts } from "./payins-helpers";
import { signInWithCode, totpUserOf } from "./totp";

// Maker-checker (issue 59), with a maker (finance) and an approver in two browser contexts, against
// the shared simulator: the simulator's payouts are the ground truth for "exactly one payout".
// The policies are set in the database before the file (BRL at or above 1,000 in test; NGN at or
// above 1,000 in live; EUR at or above 500 in test) and removed after it, with every request it left open, so no other spec
// meets them; the policy change through the page is a test of its own.
test.describe.configure({ mode: "serial" });

async function sql(text: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

async function ledgerState(reference: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ state: string }>("select state from money_writes where reference = $1", [reference]);
    return rows[0]?.state;
  } finally {
    await client.end();
  }
}

async function clearApprovals(): Promise<void> {
  await sql("delete from approval_policies");
  await sql("update approval_policy_changes set status = 'cancelled', decided_by = 'e2e' where status = 'pending'");
  await sql("update money_writes set state = 'failed', code = 'approval_expired', request_body = null where state = 'held'");
  await sql("update approval_requests set status = 'expired', code = 'approval_expired' where status in ('requested', 'approved')");
}

test.beforeAll(async () => {
  await clearApprovals();
  await sql(
    `insert into approval_policies (environment, currency, threshold, set_by, confirmed_by)
     values ('test', 'BRL', '1000', 'admin@demo.test', 'admin2@demo.test'), ('test', 'EUR', '500', 'admin@demo.test', 'admin2@demo.test'),
       ('live', 'NGN', '1000', 'admin@demo.test', 'admin2@demo.test')`,
  );
});
test.afterAll(clearApprovals);
test.beforeEach(async ({ sim }) => {
  await sim.reset();
});

let counter = 0;
const newReference = () => `BR-APR-${Date.now()}-${(counter += 1)}`;

const brazilPayout = (merchantReference: string, amount: string) => ({
  body: { amount, merchantReference, pixKey: "12345678909", pixKeyType: "CPF", beneficiary: { name: "Ana Souza" } },
});

/** Submits a Brazil payout as the page's user through the BFF; answers the status and body. */
async function submitBrazil(request: APIRequestContext, reference: string, amount: string, headers: Record<string, string> = BFF_HEADERS) {
  const response = await request.post("/api/payouts/brazil", { headers, data: brazilPayout(reference, amount) });
  return { status: response.status(), body: (await response.json()) as { error?: { code: string; approvalId?: string } } };
}

/** A payout held for approval: its approval request's id. */
async function heldBrazil(request: APIRequestContext, reference: string, headers: Record<string, string> = BFF_HEADERS): Promise<string> {
  const { status, body } = await submitBrazil(request, reference, "1500.00", headers);
  expect(status).toBe(409);
  expect(body.error?.code).toBe("approval_pending");
  return body.error!.approvalId!;
}

/** Another browser context (its own cookies) signed in as the role's demo user. */
async function contextAs(browser: Browser, role: "approver" | "admin" | "finance" | "viewer"): Promise<Page> {
  const context = await browser.newContext({ baseURL: DASHBOARD_URL });
  const page = await context.newPage();
  await signInDemoSession(page, role);
  return page;
}

const brazilCount = async (request: APIRequestContext, reference: string) =>
  (await simPayouts(request, "test", "brazil")).filter((payout) => payout.merchantReference === reference).length;

test("below the threshold a payout goes at once; above it waits, and its approval makes exactly one payout", async ({
  page,
  signInAs,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs("finance");
  const low = newReference();
  expect((await submitBrazil(page.request, low, "320.00")).status).toBe(200);
  expect(await brazilCount(request, low)).toBe(1);

  // The maker, through the form: step-up is fresh, the payout is held, nothing is sent.
  await page.goto("/payouts/brazil");
  await fillFields(page, {
    "Amount (BRL)": "1500.00",
    "PIX key type": "CPF",
    "PIX key": "123.456.789-09",
    "Beneficiary name": "Ana Souza",
  });
  const reference = await page.getByLabel("Merchant reference", { exact: true }).inputValue();
  await openReview(page, "Review payout", { amount: "1500.00" });
  await page.getByRole("dialog").getByRole("button", { name: "Send payout" }).click();
  const waiting = page.getByTestId("review-error");
  await expect(waiting).toHaveAttribute("data-kind", "held");
  await expect(waiting).toContainText("Waiting for approval");
  await waiting.getByTestId("approval-link").click();
  await expect(page.getByTestId("waiting-for-approval")).toBeVisible();
  await expect(page.getByTestId("approval-trail")).toContainText("Requested");
  expect(await brazilCount(request, reference)).toBe(0);
  const requestPage = page.url();
  // The maker's own list on /payouts: where the held payout stands, linking to its page.
  await page.goto("/payouts");
  const mine = page.getByTestId("my-payout-requests").locator(`[data-testid="approval-line"][data-reference="${reference}"]`);
  await expect(mine).toContainText("1,500.00 BRL · Brazil payout");
  await expect(mine.getByTestId("approval-status")).toHaveText("Waiting for approval");

  // The approver, in a context of its own: the count in the navigation, the queue, approve.
  const approver = await contextAs(browser, "approver");
  await approver.goto("/approvals");
  await expect(approver.getByTestId("approval-count")).toContainText("1");
  const card = approver.locator(`[data-testid="approval-request"][data-reference="${reference}"]`);
  await expect(card.getByTestId("approval-amount")).toHaveText("1,500.00 BRL");
  await expect(card.getByTestId("approval-maker")).toHaveText("finance@demo.test");
  await expect(card.getByTestId("approval-beneficiary")).toContainText("Ana Souza · ••••••8909");
  await expect(card.getByTestId("approval-pocket")).toContainText("BRL");
  for (const width of [1440, 360]) {
    await approver.setViewportSize({ width, height: 900 });
    await approver.screenshot({ path: `/tmp/approvals-${width}.png`, fullPage: true });
  }
  await approver.setViewportSize({ width: 1440, height: 900 });
  // A double click: one payout.
  await card.getByRole("button", { name: "Approve and send" }).dblclick();
  await expect(approver.getByRole("heading", { name: "Recently decided" })).toBeVisible();
  await expect.poll(() => brazilCount(request, reference)).toBe(1);

  await page.reload();
  await expect(mine.getByTestId("approval-status")).toHaveText("Sent");
  // Only someone who can send a payout has such a list.
  expect((await approver.request.get("/api/approvals/mine")).status()).toBe(403);
  await mine.getByRole("link").click();
  await expect(page).toHaveURL(requestPage);
  await expect(page.getByTestId("approval-status")).toHaveText("Sent");
  await expect(page.getByTestId("approval-trail")).toContainText("Approved");
  await expect(page.getByTestId("approval-trail")).toContainText("Sent");
  // A retry of the approval sends nothing more.
  const id = page.url().split("/").pop()!;
  expect((await approver.request.post(`/api/approvals/${id}/approve`, { headers: BFF_HEADERS })).status()).toBe(200);
  expect(await brazilCount(request, reference)).toBe(1);
  await approver.context().close();
});

test("the maker cannot approve their own request, in the page or the BFF; a rejection sends nothing and spends the reference", async ({
  page,
  signInAs,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAs("admin");
  const reference = newReference();
  const id = await heldBrazil(page.request, reference);
  await page.goto("/approvals");
  const card = page.locator(`[data-testid="approval-request"][data-reference="${reference}"]`);
  await expect(card.getByTestId("own-request")).toBeVisible();
  await expect(card.getByRole("button", { name: "Approve and send" })).toHaveCount(0);
  const own = await page.request.post(`/api/approvals/${id}/approve`, { headers: BFF_HEADERS });
  expect(own.status()).toBe(403);
  expect((await own.json()).error.code).toBe("forbidden");
  // Neither an approver nor its maker: the request (beneficiary, amount) is not there for them.
  const viewer = await contextAs(browser, "viewer");
  const unseen = await viewer.request.get(`/api/approvals/${id}`);
  expect(unseen.status()).toBe(404);
  expect(await unseen.text()).not.toContain("Ana Souza");
  await viewer.context().close();

  const approver = await contextAs(browser, "approver");
  await approver.goto(`/approvals/${id}`);
  await approver.getByRole("button", { name: "Reject…" }).click();
  await approver.getByLabel("Why is it rejected? The maker reads this.").fill("Wrong beneficiary");
  await approver.getByRole("button", { name: "Reject payout" }).click();
  await expect(approver.getByTestId("approval-status")).toHaveText("Rejected");
  await expect(approver.getByTestId("approval-outcome")).toContainText("Wrong beneficiary");
  expect(await brazilCount(request, reference)).toBe(0);
  // The reference is spent: the maker starts again with a new one.
  const again = await submitBrazil(page.request, reference, "1500.00");
  expect(again.body.error?.code).toBe("reference_refused");
  await approver.context().close();
});

test("an approval flags a maker and a checker both invited by one admin in the audit trail", async ({ page, signInAs, browser }) => {
  test.setTimeout(90_000);
  await signInAs("finance");
  await sql("update staff_users set invited_by = 'admin@demo.test' where email in ('finance@demo.test', 'approver@demo.test')");
  try {
    const id = await heldBrazil(page.request, newReference());
    const approver = await contextAs(browser, "approver");
    await approveAs(approver, id);
    await approver.context().close();
  } finally {
    await sql("update staff_users set invited_by = null where email in ('finance@demo.test', 'approver@demo.test')");
  }
  const admin = await contextAs(browser, "admin");
  const entries = await admin.request.get("/api/audit?action=approval.approved&limit=1");
  expect(entries.status()).toBe(200);
  const [entry] = ((await entries.json()) as { entries: { details: Record<string, unknown> }[] }).entries;
  expect(entry?.details).toMatchObject({ sameInviter: "admin@demo.test", maker: "finance@demo.test" });
  await admin.goto("/audit?action=approval.approved");
  await expect(admin.getByText("Maker and checker both invited by").first()).toBeVisible();
  await admin.context().close();
});

test("two approvers at once make one payout", async ({ page, signInAs, request, browser }) => {
  test.setTimeout(90_000);
  await signInAs("finance");
  const reference = newReference();
  const id = await heldBrazil(page.request, reference);
  const approver = await contextAs(browser, "approver");
  const admin = await contextAs(browser, "admin");
  const answers = await Promise.all(
    [approver, admin, approver].map((p) => p.request.post(`/api/approvals/${id}/approve`, { headers: BFF_HEADERS })),
  );
  for (const answer of answers) expect(answer.status(), await answer.text()).toBe(200);
  await expect.poll(() => brazilCount(request, reference)).toBe(1);
  const detail = await (await page.request.get(`/api/approvals/${id}`)).json();
  expect(detail.request.status).toBe("sent");
  expect(detail.trail.filter((entry: { action: string }) => entry.action === "approval.approved")).toHaveLength(1);
  expect(await brazilCount(request, reference)).toBe(1);
  await approver.context().close();
  await admin.context().close();
});

test("a request expires after APPROVAL_TTL_SECONDS; a restart between request and approval loses nothing", async ({
  page,
  signInAs,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs("finance");
  // An instance whose requests expire after 2 s, and one restarted between request and approval.
  const short = dashboardInstance("approvals-short-ttl", 3140 + PORT_OFFSET, { APPROVAL_TTL_SECONDS: "2" });
  const other = dashboardInstance("approvals-restart", 3141 + PORT_OFFSET);
  try {
    await Promise.all([short.start(), other.start()]);
    const onShort = await sameSessionOn(browser, page.context(), short);
    const expiring = newReference();
    const expiringId = await heldBrazil(onShort.page.request, expiring, short.headers);
    const approver = await contextAs(browser, "approver");
    await expect
      .poll(async () => (await (await approver.request.get(`/api/approvals/${expiringId}`)).json()).request.status, { timeout: 15_000 })
      .toBe("expired");
    const late = await approver.request.post(`/api/approvals/${expiringId}/approve`, { headers: BFF_HEADERS });
    expect(late.status()).toBe(409);
    expect((await late.json()).error.code).toBe("approval_closed");
    expect((await submitBrazil(page.request, expiring, "1500.00")).body.error?.code).toBe("reference_refused");
    expect(await brazilCount(request, expiring)).toBe(0);

    // Made on one instance, which is killed and started again (its reconciler runs at start) …
    const onOther = await sameSessionOn(browser, page.context(), other);
    const kept = newReference();
    const keptId = await heldBrazil(onOther.page.request, kept, other.headers);
    await other.stop("SIGKILL");
    await other.start();
    // The restarted instance's reconciler left the held row as it was.
    expect(await ledgerState(kept)).toBe("held");
    const approverThere = await sameSessionOn(browser, approver.context(), other);
    const read = await (await approverThere.page.request.get(`/api/approvals/${keptId}`)).json();
    expect(read.request.status).toBe("requested");
    expect(await brazilCount(request, kept)).toBe(0);
    // … and approved through it: exactly one payout.
    const approved = await approverThere.page.request.post(`/api/approvals/${keptId}/approve`, { headers: other.headers });
    expect(approved.status(), await approved.text()).toBe(200);
    expect((await approved.json()).status).toBe("sent");
    expect(await brazilCount(request, kept)).toBe(1);
    await approver.context().close();
  } finally {
    await Promise.all([short.stop(), other.stop()]);
  }
});

/** One approval through the BFF by `approver`'s session, which must succeed: the request as it then stands. */
async function approveAs(approver: Page, id: string): Promise<{ status: string; code: string | null }> {
  const approved = await approver.request.post(`/api/approvals/${id}/approve`, { headers: BFF_HEADERS });
  expect(approved.status(), await approved.text()).toBe(200);
  return (await approved.json()) as { status: string; code: string | null };
}

/** Finance's Europe payout at or above the EUR policy, held: its request's id (nothing sent yet). */
async function heldEurope(page: Page, request: APIRequestContext, reference: string): Promise<string> {
  const held = await page.request.post("/api/payouts/europe", {
    headers: BFF_HEADERS,
    data: {
      body: { amount: "1000.00", merchantReference: reference, beneficiary: { name: "Big Supplier GmbH", iban: "DE89370400440532013000" } },
    },
  });
  expect(held.status(), await held.text()).toBe(409);
  expect(await europePayouts(request, reference)).toHaveLength(0);
  return ((await held.json()) as { error: { approvalId: string } }).error.approvalId;
}

const europePayouts = async (request: APIRequestContext, reference: string) =>
  (await simPayouts(request, "test", "europe")).filter((payout) => payout.merchantReference === reference);

/** The USDC debits the simulator's ledger holds for a transaction. */
async function usdcDebits(request: APIRequestContext, transactionId: string) {
  const ledger = await request.get(`${SIMULATOR_URL}/_sim/ledger?env=test&transactionId=${transactionId}`);
  return ((await ledger.json()) as { items: { currency: string; delta: string }[] }).items.filter((entry) => entry.currency === "USDC");
}

test("Europe under a policy: the approval creates the payout and then approves it upstream, once", async ({
  page,
  signInAs,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAs("finance");
  const reference = `EU-APR-${Date.now()}`;
  const id = await heldEurope(page, request, reference);

  const approver = await contextAs(browser, "approver");
  expect(await approveAs(approver, id)).toMatchObject({ status: "sent", code: null });
  const created = await europePayouts(request, reference);
  expect(created).toHaveLength(1);
  // The upstream approve followed the create: the USDC left the pocket once.
  expect(await usdcDebits(request, created[0]!.transactionId)).toHaveLength(1);
  await approver.context().close();
});

test("Europe: an upstream approve refused (unfunded) leaves the payout created, and its request says approve again when funded", async ({
  page,
  signInAs,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAs("finance");
  const reference = `EU-UNF-${Date.now()}`;
  const id = await heldEurope(page, request, reference);
  // The create goes through; the approve after it is refused as an unfunded pocket would be.
  await simPost(request, "/_sim/faults", {
    failNext: { count: 1, status: 400, path: "/v1/eur/payout-instances/*", code: "insufficient_balance" },
  });

  const approver = await contextAs(browser, "approver");
  expect(await approveAs(approver, id)).toMatchObject({ status: "sent", code: "insufficient_balance" });
  const created = await europePayouts(request, reference);
  expect(created).toHaveLength(1);
  expect(await usdcDebits(request, created[0]!.transactionId)).toHaveLength(0);
  await approver.goto(`/approvals/${id}`);
  await expect(approver.getByText(/approval refused: approve again when funded/)).toBeVisible();
  await approver.context().close();
});

test("NGN: the account renamed before approval cannot be approved as it is, and nothing is sent", async ({
  page,
  signInAs,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAs("finance");
  await useLiveMode(page);
  const beneficiary = await verifiedBeneficiary(page);
  const reference = `NGN-APR-${Date.now()}`;
  const held = await page.request.post("/api/nigeria/payouts", {
    headers: BFF_HEADERS,
    data: payoutBody(beneficiary, "5000.00", reference),
  });
  expect(held.status(), await held.text()).toBe(409);
  const id = ((await held.json()) as { error: { approvalId: string } }).error.approvalId;
  // The maker finds it on the Nigeria payouts page, where they send from.
  await page.goto("/nigeria/payouts");
  const mine = page.getByTestId("my-payout-requests").locator(`[data-testid="approval-line"][data-reference="${reference}"]`);
  await expect(mine).toContainText("Waiting for approval");
  await expect(mine.getByRole("link")).toHaveAttribute("href", `/approvals/${id}`);
  await simPost(request, "/_sim/ngn/account-names", {
    env: "live",
    bankCode: beneficiary.bankCode,
    accountNumber: beneficiary.accountNumber,
    accountName: "SOMEONE ELSE ENTIRELY",
  });

  const approver = await contextAs(browser, "approver");
  await useLiveMode(approver);
  await approver.goto(`/approvals/${id}`);
  await approver.getByRole("button", { name: "Approve and send" }).click();
  const alert = approver.getByRole("alert").filter({ hasText: "SOMEONE ELSE ENTIRELY" });
  await expect(alert).toContainText(beneficiary.accountName);
  await expect(alert).toContainText("SOMEONE ELSE ENTIRELY");
  await expect(approver.getByRole("button", { name: "Approve and send" })).toBeDisabled();
  expect(await simPayoutsWithReference(request, reference)).toHaveLength(0);
  const detail = await (await approver.request.get(`/api/approvals/${id}`)).json();
  expect(detail.request.status).toBe("requested");
  await approver.context().close();
});

test("a policy change waits for a second admin, and applies once confirmed", async ({ page, signInAs, browser }) => {
  test.setTimeout(120_000);
  await signInAs("admin");
  await page.goto("/settings/approvals");
  await page.getByLabel("Payouts in").selectOption("BDT");
  await page.getByLabel("Amount in BDT").fill("5000");
  await page.getByRole("button", { name: "Propose change" }).click();
  const pending = page.locator('[data-testid="pending-change"][data-currency="BDT"]');
  await expect(pending).toContainText("Another admin must confirm it");
  await expect(pending.getByRole("button", { name: "Confirm change" })).toHaveCount(0);
  const changeId = (await (await page.request.get("/api/settings/approvals")).json()).pending.find(
    (change: { currency: string }) => change.currency === "BDT",
  ).id as string;
  const self = await page.request.post(`/api/settings/approvals/changes/${changeId}/confirm`, { headers: BFF_HEADERS });
  expect(self.status()).toBe(403);
  await expect(page.getByTestId("policies")).not.toContainText("BDT");
  for (const width of [1440, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/settings-approvals-${width}.png`, fullPage: true });
  }

  // The second admin, in a context of its own.
  const secret = (JSON.parse(readFileSync(DEMO_TOTP_FILE, "utf8")) as Record<string, string>)["admin2@demo.test"]!;
  const context = await browser.newContext({ baseURL: DASHBOARD_URL });
  const second = await context.newPage();
  await signInWithCode(second.request, totpUserOf("admin2@demo.test", secret, -1n));
  await second.goto("/settings/approvals");
  await second.locator('[data-testid="pending-change"][data-currency="BDT"]').getByRole("button", { name: "Confirm change" }).click();
  await expect(second.locator('[data-testid="policies"] [data-currency="BDT"]')).toContainText("At or above 5,000.00 BDT");
  await expect(second.locator('[data-testid="policies"] [data-currency="BDT"]')).toContainText("confirmed by admin2@demo.test");
  await context.close();
});
