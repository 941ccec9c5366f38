import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { DATABASE_URL, E2E_ENV, PASSWORD, PORT_OFFSET, SIMULATOR_URL } from "./env";
import { dashboardInstance, sameSessionOn, signedIn, type Instance } from "./instances";
import { newTotpUser } from "./totp";
import { clearFaults, payoutBody, simPayoutsWithReference, simPost, verifiedBeneficiary } from "./nigeria-helpers";

// Two instances, A and B, over the run's one database and one simulator, as a deployment
// behind a load balancer runs them (docs/architecture.md). What one instance writes, the
// other sees; restarting or killing one loses nothing and sends no payout twice.
test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

// Sign-in throttle thresholds low enough to reach, the same on both instances.
const THROTTLE = { SIGN_IN_FREE_ATTEMPTS: "4", SIGN_IN_MAX_ATTEMPTS_PER_IP: "500", SIGN_IN_WINDOW_SECONDS: "900" };
const A = dashboardInstance("instance-a", 3111 + PORT_OFFSET, THROTTLE);
const B = dashboardInstance("instance-b", 3112 + PORT_OFFSET, THROTTLE);
const database = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });

const uniqueReference = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex").toUpperCase()}`;

test.beforeAll(async ({ request }) => {
  await request.post(`${SIMULATOR_URL}/_sim/reset`, { data: {} });
  await Promise.all([A.start(), B.start()]);
});

test.afterAll(async ({ request }) => {
  await clearFaults(request);
  await Promise.all([A.stop(), B.stop()]);
  await database.end();
});

test.afterEach(async ({ request }, testInfo) => {
  await clearFaults(request);
  if (testInfo.status !== testInfo.expectedStatus) testInfo.annotations.push({ type: "A's output", description: A.output() });
});

test("a Europe payout created on A awaits approval on B, and B's approval is seen on A", async ({ browser }) => {
  // A finance maker on A and an admin on B: the upstream approve needs payouts:approve from
  // someone other than the payout's creator (issue 59).
  const onA = await signedIn(browser, A, newTotpUser("finance"));
  const onB = await signedIn(browser, B, newTotpUser("admin"));
  const reference = uniqueReference("EU-AB");
  const created = await onA.page.request.post("/api/payouts/europe", {
    headers: A.headers,
    data: {
      body: {
        amount: "1500.00",
        merchantReference: reference,
        beneficiary: { name: "Two Instances GmbH", iban: "DE89370400440532013000" },
      },
    },
  });
  expect(created.status()).toBe(200);
  const { transactionId } = (await created.json()) as { transactionId: string };

  // B never saw the create answer: its awaiting list comes from the database.
  await onB.page.goto("/payouts");
  const item = onB.page.getByTestId("awaiting-item").filter({ hasText: transactionId });
  await expect(item).toContainText("1,500.00 EUR to Two Instances GmbH");
  await item.getByRole("button", { name: `Approve payout ${transactionId}` }).click();
  await onB.page.getByRole("dialog", { name: "Approve this Europe payout?" }).getByRole("button", { name: "Approve payout" }).click();
  await expect(onB.page.getByTestId("awaiting-approval")).not.toContainText(transactionId);

  // A sees the approval, through the BFF and on the payout's page.
  const awaitingOnA = (await (await onA.page.request.get("/api/payouts/awaiting-approval")).json()) as {
    items: { transactionId: string }[];
  };
  expect(awaitingOnA.items.map((payout) => payout.transactionId)).not.toContain(transactionId);
  await onA.page.goto(`/payouts/europe/${transactionId}`);
  await expect(onA.page.getByTestId("payout-approval")).toHaveText("Approved");
  await Promise.all([onA.context.close(), onB.context.close()]);
});

test("wrong passwords sent to A and to B count together", async ({ request }) => {
  const email = `nobody-${randomBytes(4).toString("hex")}@demo.test`;
  const attempt = (instance: Instance) =>
    request.post(`${instance.url}/api/auth/sign-in`, { headers: instance.headers, data: { email, password: "wrong-password-123" } });
  // Two on each: four failures in all, the per-email threshold.
  for (const instance of [A, B, A, B]) expect((await attempt(instance)).status()).toBe(401);
  // Neither instance alone saw four; together they did.
  for (const instance of [A, B]) {
    const throttled = await attempt(instance);
    expect(throttled.status()).toBe(429);
    expect(Number(throttled.headers()["retry-after"])).toBeGreaterThan(0);
  }
});

test("a role change counts on both instances at once: the old session ends, the new role gets 403", async ({ browser }) => {
  const user = newTotpUser("finance");
  const users = (...args: string[]) =>
    execFileSync("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/users.ts", ...args], {
      env: { ...process.env, ...E2E_ENV, DATABASE_URL, DASHBOARD_PASSWORD: PASSWORD },
      encoding: "utf8",
    });
  const onB = await signedIn(browser, B, user);
  expect((await onB.page.request.get("/api/balances")).status()).toBe(200);

  // The staff CLI writes the shared table, as an admin's change through any instance would.
  users("set-role", user.email, "support");
  expect((await onB.page.request.get("/api/balances")).status()).toBe(401);
  const again = await signedIn(browser, B, user);
  expect((await again.page.request.get("/api/balances")).status()).toBe(403);
  // The new session, taken to A: the same role there.
  const onA = await sameSessionOn(browser, again.context, A);
  expect((await onA.page.request.get("/api/balances")).status()).toBe(403);
  await Promise.all([onB.context.close(), again.context.close(), onA.context.close()]);
});

test("restarting A loses nothing: the awaiting list, an in-flight NGN payout and its lookup", async ({ browser, request }) => {
  const finance = await signedIn(browser, A, newTotpUser("finance"));
  const europe = await finance.page.request.post("/api/payouts/europe", {
    headers: A.headers,
    data: {
      body: {
        amount: "1500.00",
        merchantReference: uniqueReference("EU-RESTART"),
        beneficiary: { name: "Restart SARL", iban: "FR7630006000011234567890189" },
      },
    },
  });
  expect(europe.status()).toBe(200);
  const { transactionId: europeId } = (await europe.json()) as { transactionId: string };

  // An NGN payout whose every answer is lost: the simulator commits it, A never hears back.
  expect((await finance.page.request.put("/api/session/mode", { headers: A.headers, data: { mode: "live" } })).status()).toBe(200);
  const beneficiary = await verifiedBeneficiary(finance.page, "0123456789", A.headers);
  const reference = uniqueReference("NGN-RESTART");
  await simPost(request, "/_sim/faults", { dropResponseNext: { count: 10, path: "/v1/ngn/payouts" } });
  const lost = await finance.page.request.post("/api/nigeria/payouts", {
    headers: A.headers,
    data: payoutBody(beneficiary, "1000.00", reference),
  });
  expect(lost.status()).toBeGreaterThanOrEqual(500);
  await clearFaults(request);
  const [committed] = await simPayoutsWithReference(request, reference);
  expect(committed).toBeDefined();

  await A.stop("SIGTERM");
  // Stopping, A signed the audit chain's head into its log (an anchor kept outside the database).
  expect(A.output()).toContain('"message":"audit anchor"');
  await A.start();

  // The same cookie works on the restarted instance (the session is sealed, the state is in the database).
  expect((await finance.page.request.put("/api/session/mode", { headers: A.headers, data: { mode: "test" } })).status()).toBe(200);
  await finance.page.goto("/payouts");
  await expect(finance.page.getByTestId("awaiting-item").filter({ hasText: europeId })).toContainText("1,500.00 EUR to Restart SARL");
  expect((await finance.page.request.put("/api/session/mode", { headers: A.headers, data: { mode: "live" } })).status()).toBe(200);
  const lookup = await finance.page.request.get(`/api/nigeria/payouts/lookup?${new URLSearchParams({ reference })}`);
  expect(await lookup.json()).toEqual({ state: "created", transactionId: committed?.transactionId });
  await finance.context.close();
});

test("killing A between a payout's intent and its outcome: the restarted A's reconciler finds it, and there is no second one", async ({
  browser,
  request,
}) => {
  const finance = await signedIn(browser, A, newTotpUser("finance"));
  expect((await finance.page.request.put("/api/session/mode", { headers: A.headers, data: { mode: "live" } })).status()).toBe(200);
  const beneficiary = await verifiedBeneficiary(finance.page, "0123456789", A.headers);
  const reference = uniqueReference("NGN-KILL");
  const body = payoutBody(beneficiary, "1000.00", reference);

  await simPost(request, "/_sim/faults", { holdResponseNext: { count: 1, path: "/v1/ngn/payouts" } });
  const sending = finance.page.request.post("/api/nigeria/payouts", { headers: A.headers, data: body }).catch(() => null);
  // The simulator committed the payout and holds its answer: A is between intent and outcome.
  await expect.poll(async () => ((await (await request.get(`${SIMULATOR_URL}/_sim/faults`)).json()) as { held: number }).held).toBe(1);
  const row = async () =>
    (
      await database.query<{ state: string; transaction_id: string | null }>(
        "select state, transaction_id from money_writes where rail = 'ngn-payout' and environment = 'live' and reference = $1",
        [reference],
      )
    ).rows[0];
  expect(await row()).toMatchObject({ state: "sent", transaction_id: null });

  await A.stop("SIGKILL");
  await sending;
  await clearFaults(request);
  const [committed] = await simPayoutsWithReference(request, reference);
  expect(committed).toBeDefined();

  await A.start();
  // Nothing asks A about it: its start-up reconciler looks the write up and records it.
  await expect.poll(row, { timeout: 30_000 }).toEqual({ state: "answered", transaction_id: committed?.transactionId });
  expect(await simPayoutsWithReference(request, reference)).toHaveLength(1);

  // The same reviewed payout sent again (a second tab, a retry) is the same payout.
  const again = await finance.page.request.post("/api/nigeria/payouts", { headers: A.headers, data: body });
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { transactionId: string }).transactionId).toBe(committed?.transactionId);
  expect(await simPayoutsWithReference(request, reference)).toHaveLength(1);
  await finance.context.close();
});

test("an instance whose logs can no longer be read stops as on SIGTERM, instead of spinning on the dead pipe", async ({ request }) => {
  // As when the process that started it (a supervisor, a test runner) is killed: its pipes close.
  A.dropOutput();
  // An unknown /api path is answered at the edge with a warning logged: the first write to the dead pipe.
  expect((await request.get(`${A.url}/api/no-such-route`)).status()).toBe(404);
  // 0 only from the graceful stop; Next's uncaught-error logger looped forever on the pipe before.
  expect(await A.exited()).toBe(0);
});
