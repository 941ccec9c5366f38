// The client against the running simulator: every §4 endpoint, the error
// mapping of each code, and exactly-once payouts when a response is lost.
import Decimal from "decimal.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPaymentsClient, type PaymentsClient } from "@/lib/payments/client";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { FetchLike } from "@/lib/payments/http";
import { startSimulator } from "@/simulator/server";
import * as fixtures from "./fixtures";

const KEYS = {
  test: { apiKey: "mrp_test_demo_key", apiSecret: "mrp_test_demo_secret_change_me_0000000000" },
  live: { apiKey: "mrp_live_demo_key", apiSecret: "mrp_live_demo_secret_change_me_0000000000" },
} as const;

let simulator: { url: string; close(): Promise<void> | void };

beforeAll(async () => {
  simulator = await startSimulator({ port: 0, liveSize: 40, testSize: 20 });
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(async () => {
  await control("POST", "/_sim/reset", { liveSize: 40, testSize: 20 });
  await control("DELETE", "/_sim/faults");
});

/** Unsigned /_sim control call; fails the test on a non-2xx answer. */
async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${simulator.url}${path}`, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A client on the simulator that also counts the HTTP requests it really sent. */
function clientFor(env: "test" | "live", overrides: { apiSecret?: string; timeoutMs?: number; maxRetries?: number } = {}) {
  const sent: string[] = [];
  const signatures: string[] = [];
  const countingFetch: FetchLike = (input, init) => {
    sent.push(`${init.method} ${new URL(input).pathname}`);
    signatures.push(new Headers(init.headers).get("x-service-signature") ?? "");
    return fetch(input, init);
  };
  const client = createPaymentsClient({
    baseUrl: simulator.url,
    ...KEYS[env],
    environment: env,
    fetch: countingFetch,
    random: () => 0.1,
    ...overrides,
  });
  return { client, sent, signatures };
}

async function failure(promise: Promise<unknown>): Promise<PaymentsApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof PaymentsApiError)) throw new Error(`expected PaymentsApiError, got ${String(error)}`);
  return error;
}

async function pocket(client: PaymentsClient, currency: string) {
  const { items } = await client.balance();
  return items.find((item) => item.currency === currency);
}

let keySeq = 0;
const newKey = () => `it-${Date.now()}-${(keySeq += 1)}`;

describe("core", () => {
  it("reads identity, balance and transactions, and registers the webhook", async () => {
    const { client } = clientFor("live");

    const me = await client.me();
    expect(me.environment).toBe("live");

    const balance = await client.balance();
    const currencies = balance.items.map((item) => item.currency);
    expect(currencies).toEqual(expect.arrayContaining(["BDT", "NGN", "PYUSD-USDC", "USDC", "USDT"]));
    expect(currencies).not.toContain("BRL"); // brazil is not approved in live

    const page = await client.listTransactions({ type: "payin", limit: 5, offset: 0 });
    expect(page).toMatchObject({ limit: 5, offset: 0 });
    expect(page.items.length).toBeLessThanOrEqual(5);
    expect(page.items.every((item) => item.type === "payin")).toBe(true);

    const first = page.items[0]!;
    expect(await client.getTransaction(first.id)).toMatchObject({ id: first.id, amount: first.amount });

    const hook = await client.updateWebhook({ url: "https://hooks.example.test/merchant" });
    expect(hook.webhookUrl).toBe("https://hooks.example.test/merchant");
    expect((await client.me()).webhookUrl).toBe("https://hooks.example.test/merchant");
    expect((await client.updateWebhook({ url: null })).webhookUrl).toBeNull();
  });
});

describe("regions", () => {
  it("Bangladesh: pay-in and payout, created and polled", async () => {
    const { client } = clientFor("test");
    const payin = await client.bangladesh.createPayin(fixtures.bangladeshPayin, { idempotencyKey: newKey() });
    expect(payin).toMatchObject({ status: "pending", currency: "BDT", amount: "500.00", totalWalletDebit: null });
    expect(payin.paymentInfo.content).toMatch(/^https:\/\//);
    expect(await client.bangladesh.getPayin(payin.transactionId)).toMatchObject({ transactionId: payin.transactionId });

    const before = await pocket(client, "BDT");
    const payout = await client.bangladesh.createPayout(fixtures.bangladeshPayout, { idempotencyKey: newKey() });
    expect(await client.bangladesh.getPayout(payout.transactionId)).toMatchObject({ status: "pending", amount: "300.00" });
    const after = await pocket(client, "BDT");
    expect(new Decimal(before!.availableBalance).minus(after!.availableBalance).toFixed(2)).toBe("300.00");
  });

  it("Brazil: PIX pay-in and payout, polled through the shared endpoints", async () => {
    const { client } = clientFor("test");
    const payin = await client.brazil.createPayin(fixtures.brazilPayin, { idempotencyKey: newKey() });
    expect(payin.paymentInfo.code).not.toBe("");
    expect(await client.bangladesh.getPayin(payin.transactionId)).toMatchObject({ currency: "BRL" });

    const payout = await client.brazil.createPayout(fixtures.brazilPayout, { idempotencyKey: newKey() });
    expect(await client.bangladesh.getPayout(payout.transactionId)).toMatchObject({ transactionId: payout.transactionId });
  });

  it("India: rates, UPI pay-in, poll and UTR confirmation", async () => {
    const { client } = clientFor("test");
    const rates = await client.india.conversionRates();
    expect(new Decimal(rates.rate).gt(0)).toBe(true);

    const payin = await client.india.createPayin(fixtures.indiaPayin, { idempotencyKey: newKey() });
    expect(payin).toMatchObject({ status: "pending", currencySymbol: "INR" });
    expect(await client.india.getPayin(payin.transactionId)).toMatchObject({ transactionId: payin.transactionId });

    const confirmed = await client.india.confirmPayment({ transactionId: payin.transactionId, utr: "123456789012" });
    expect(confirmed).toMatchObject({ tradeEvent: 3, utr: "123456789012" });
  });

  it("Europe: pay-in with checkoutUrl, payout needing approval debits USDC at approve", async () => {
    const { client } = clientFor("test");
    const payin = await client.europe.createPayin(fixtures.europePayin, { idempotencyKey: newKey() });
    expect(payin.checkoutUrl).toMatch(/^https:\/\//);
    expect(await client.europe.getPayin(payin.transactionId)).toMatchObject({ transactionId: payin.transactionId });

    const before = await pocket(client, "USDC");
    const payout = await client.europe.createPayout(fixtures.europePayout("1000.00"), { idempotencyKey: newKey() });
    expect(payout).toMatchObject({ requiresApproval: true, approvalStatus: "awaiting_approval" });
    expect((await pocket(client, "USDC"))!.availableBalance).toBe(before!.availableBalance);

    const approved = await client.europe.approvePayout(payout.transactionId);
    expect(approved.approvalStatus).toBe("approved");
    const after = await pocket(client, "USDC");
    expect(new Decimal(before!.availableBalance).minus(after!.availableBalance).toFixed(6)).toBe(
      new Decimal(approved.debitAmount!).toFixed(6),
    );
  });

  it("Nigeria: virtual account, banks, name enquiry, payout and poll", async () => {
    const { client } = clientFor("live");
    expect(await client.nigeria.getVirtualAccount()).toBeNull();

    const provisioned = await client.nigeria.provisionVirtualAccount(fixtures.nigeriaVirtualAccount, { idempotencyKey: newKey() });
    expect(provisioned.ready).toBe(false);
    await control("POST", "/_sim/advance", { seconds: 121 });
    const account = await client.nigeria.getVirtualAccount();
    expect(account?.ready).toBe(true);
    if (account?.ready) expect(account.accountNumber).toMatch(/^\d+$/);

    const banks = await client.nigeria.banks({ search: "a" });
    const bank = banks.items[0]!;
    const verified = await client.nigeria.verifyAccount({ accountNumber: "0123456789", bankCode: bank.bankCode });
    expect(verified.accountName).not.toBe("");

    const before = await pocket(client, "NGN");
    const payout = await client.nigeria.createPayout(
      {
        ...fixtures.nigeriaPayout("1500.00", verified.accountName),
        beneficiary: { accountNumber: "0123456789", bankCode: bank.bankCode, accountName: verified.accountName, bankName: bank.bankName },
      },
      { idempotencyKey: newKey() },
    );
    expect(payout.status).toBe("pending");
    expect(await client.nigeria.getPayout(payout.transactionId)).toMatchObject({ settled: false, currency: "NGN", amount: "1500.00" });
    const after = await pocket(client, "NGN");
    expect(new Decimal(before!.availableBalance).minus(after!.availableBalance).toFixed(2)).toBe("1500.00");
  });

  it("PYUSD: payment intent created and polled", async () => {
    const { client } = clientFor("live");
    const intent = await client.pyusd.createIntent(fixtures.pyusdIntent, { idempotencyKey: newKey() });
    expect(intent.settlementStatus).toBe("awaiting_payment");
    expect(await client.pyusd.getIntent(intent.transactionId)).toMatchObject({ transactionId: intent.transactionId });
  });
});

describe("records through their lifecycles", () => {
  it("parse at every stage until final", async () => {
    const { client } = clientFor("live");
    const ngn = await client.nigeria.createPayout(fixtures.nigeriaPayout("600.00"), { idempotencyKey: newKey() });
    const intent = await client.pyusd.createIntent(fixtures.pyusdIntent, { idempotencyKey: newKey() });
    const eur = await client.europe.createPayin(fixtures.europePayin, { idempotencyKey: newKey() });
    const inr = await client.india.createPayin(fixtures.indiaPayin, { idempotencyKey: newKey() });

    for (let minute = 1; minute <= 10; minute += 1) {
      await control("POST", "/_sim/advance", { seconds: 60 });
      await Promise.all([
        client.nigeria.getPayout(ngn.transactionId),
        client.pyusd.getIntent(intent.transactionId),
        client.europe.getPayin(eur.transactionId),
        client.india.getPayin(inr.transactionId),
      ]);
    }

    expect(await client.nigeria.getPayout(ngn.transactionId)).toMatchObject({ status: "success", settled: true });
    expect(await client.pyusd.getIntent(intent.transactionId)).toMatchObject({ settlementStatus: "settled" });
    expect((await client.europe.getPayin(eur.transactionId)).eventDetails?.eventId).toBe(5);
    const india = await client.india.getPayin(inr.transactionId);
    expect([4, 6]).toContain(india.tradeEvent);
    expect(india.status).toBe("success");

    // The whole seeded list, every rail included, passes the transaction schema.
    const all = await client.listTransactions({ limit: 100 });
    expect(all.items.length).toBe(Math.min(all.total, 100));
    expect(all.unreadable).toEqual([]);
  });

  it("reads a list page around a malformed row: the row set apart by id, every other row kept", async () => {
    const { client } = clientFor("live");
    const page = await client.listTransactions({ limit: 20 });
    const target = page.items[7]!;
    await control("POST", "/_sim/faults", { malformedTransactions: [target.id] });
    const again = await client.listTransactions({ limit: 20 });
    expect(again.items.map((row) => row.id)).toEqual(page.items.filter((row) => row.id !== target.id).map((row) => row.id));
    expect(again.unreadable).toEqual([{ id: target.id, key: target.id, fields: ["status", "amount"] }]);
    expect(again.total).toBe(page.total);
  });
});

describe("error mapping", () => {
  it("market_not_enabled for an unapproved market, sent once", async () => {
    await control("POST", "/_sim/markets", { env: "test", market: "india", approved: false });
    const { client, sent } = clientFor("test");
    expect(await failure(client.india.conversionRates())).toMatchObject({ status: 403, code: "market_not_enabled" });
    expect(sent).toHaveLength(1);
  });

  it("missing_scope for a key without the scope", async () => {
    await control("POST", "/_sim/keys", { env: "test", scopes: ["payin:create"] });
    const { client } = clientFor("test");
    expect(await failure(client.balance())).toMatchObject({ status: 403, code: "missing_scope", upstreamCode: undefined });
  });

  it("payment_unavailable when Bangladesh is paused, never retried", async () => {
    await control("POST", "/_sim/bangladesh", { paused: true, env: "test" });
    const { client, sent } = clientFor("test");
    const error = await failure(client.bangladesh.createPayin(fixtures.bangladeshPayin, { idempotencyKey: newKey() }));
    expect(error).toMatchObject({ status: 503, code: "payment_unavailable", retryable: false });
    expect(sent).toEqual(["POST /v1/payins"]);
  });

  it("payment_unavailable for a test key on a live-only rail", async () => {
    const { client } = clientFor("test");
    expect(await failure(client.pyusd.getIntent("tx_x"))).toMatchObject({ status: 503, code: "payment_unavailable" });
  });

  it("insufficient_balance when the pocket lacks funds", async () => {
    const { client } = clientFor("test");
    const error = await failure(
      client.bangladesh.createPayout({ ...fixtures.bangladeshPayout, amount: "999999999.00" }, { idempotencyKey: newKey() }),
    );
    expect(error).toMatchObject({ status: 400, code: "insufficient_balance" });
  });

  it("wallet_not_found when the market is approved but its pocket is not provisioned", async () => {
    await control("POST", "/_sim/markets", { env: "live", market: "nigeria", approved: true, pocket: false });
    const { client } = clientFor("live");
    const error = await failure(client.nigeria.createPayout(fixtures.nigeriaPayout("1500.00"), { idempotencyKey: newKey() }));
    expect(error).toMatchObject({ status: 400, code: "wallet_not_found", retryable: false });
  });

  it("validation with field details when the service rejects a body the client let through", async () => {
    const { client } = clientFor("test");
    const error = await failure(
      client.bangladesh.createPayout(
        { ...fixtures.bangladeshPayout, beneficiary: { name: "Karim", walletNumber: "12" } },
        { idempotencyKey: newKey() },
      ),
    );
    expect(error).toMatchObject({ status: 400, code: "validation" });
    expect(error.details?.map((detail) => detail.path)).toContain("beneficiary.walletNumber");
  });

  it("idempotency_conflict for the same key with another body", async () => {
    const { client } = clientFor("test");
    const idempotencyKey = newKey();
    await client.bangladesh.createPayout(fixtures.bangladeshPayout, { idempotencyKey });
    const error = await failure(client.bangladesh.createPayout({ ...fixtures.bangladeshPayout, amount: "301.00" }, { idempotencyKey }));
    expect(error).toMatchObject({ status: 409, code: "idempotency_conflict" });
  });

  it("replays the first response for the same key and body", async () => {
    const { client } = clientFor("test");
    const idempotencyKey = newKey();
    const first = await client.bangladesh.createPayout(fixtures.bangladeshPayout, { idempotencyKey });
    const again = await client.bangladesh.createPayout(fixtures.bangladeshPayout, { idempotencyKey });
    expect(again.transactionId).toBe(first.transactionId);
  });

  it("unauthorized for a wrong secret, and the secret is not in the error", async () => {
    const wrongSecret = "definitely-the-wrong-secret-123456";
    const { client, sent, signatures } = clientFor("test", { apiSecret: wrongSecret });
    const error = await failure(client.me());
    expect(error).toMatchObject({ status: 401, code: "unauthorized" });
    for (const secretish of [wrongSecret, signatures[0]!]) {
      expect(JSON.stringify(error)).not.toContain(secretish);
      expect(error.message).not.toContain(secretish);
    }
    expect(sent).toHaveLength(1);
  });

  it("validation with the upstream code for a failed name enquiry", async () => {
    const { client } = clientFor("live");
    const error = await failure(client.nigeria.verifyAccount({ accountNumber: "0123450000", bankCode: "058" }));
    expect(error).toMatchObject({ status: 400, code: "validation", upstreamCode: "name_enquiry_failed" });
  });

  it("invalid_state for a UTR submitted after the pay-in moved past event 2", async () => {
    const { client } = clientFor("test");
    const payin = await client.india.createPayin(fixtures.indiaPayin, { idempotencyKey: newKey() });
    await control("POST", "/_sim/advance", { seconds: 300 });
    const error = await failure(client.india.confirmPayment({ transactionId: payin.transactionId, utr: "123456789012" }));
    expect(error).toMatchObject({ status: 409, code: "invalid_state", upstreamCode: "invalid_state" });
  });

  it("not_found for an unknown transaction", async () => {
    const { client } = clientFor("test");
    expect(await failure(client.getTransaction("tx_DOESNOTEXIST00000000000000"))).toMatchObject({ status: 404, code: "not_found" });
  });

  it("rate_limited once the bounded retries of a GET are spent", async () => {
    await control("POST", "/_sim/faults", { failNext: { count: 3, status: 429 } });
    const { client, sent } = clientFor("test");
    expect(await failure(client.me())).toMatchObject({ status: 429, code: "rate_limited" });
    expect(sent).toHaveLength(3);
  });

  it("a GET waits out a short Retry-After and succeeds", async () => {
    await control("POST", "/_sim/faults", { rateLimitNext: { count: 1, retryAfterSeconds: 1 } });
    const { client, sent } = clientFor("test");
    expect((await client.me()).environment).toBe("test");
    expect(sent).toEqual(["GET /v1/me", "GET /v1/me"]);
  });

  it("rate_limited with retryAfterSeconds when Retry-After is beyond the bound", async () => {
    await control("POST", "/_sim/faults", { rateLimitNext: { count: 1, retryAfterSeconds: 60 } });
    const { client, sent } = clientFor("test");
    expect(await failure(client.me())).toMatchObject({ status: 429, code: "rate_limited", retryAfterSeconds: 60 });
    expect(sent).toHaveLength(1);
  });

  it("a write is not retried on 429", async () => {
    await control("POST", "/_sim/faults", { failNext: { count: 1, status: 429 } });
    const { client, sent } = clientFor("test");
    const error = await failure(client.bangladesh.createPayout(fixtures.bangladeshPayout, { idempotencyKey: newKey() }));
    expect(error.code).toBe("rate_limited");
    expect(sent).toEqual(["POST /v1/payouts"]);
  });

  it("upstream for a 500, not retried", async () => {
    await control("POST", "/_sim/faults", { failNext: { count: 1, status: 500 } });
    const { client, sent } = clientFor("test");
    expect(await failure(client.me())).toMatchObject({ status: 500, code: "upstream" });
    expect(sent).toHaveLength(1);
  });

  it("a GET recovers from a 502 by retrying", async () => {
    await control("POST", "/_sim/faults", { failNext: { count: 1, status: 502 } });
    const { client, sent } = clientFor("test");
    expect((await client.me()).environment).toBe("test");
    expect(sent).toEqual(["GET /v1/me", "GET /v1/me"]);
  });

  it("upstream with status 0 on a timeout", async () => {
    await control("POST", "/_sim/faults", { latencyMs: 400 });
    const { client } = clientFor("test", { timeoutMs: 100, maxRetries: 0 });
    expect(await failure(client.me())).toMatchObject({ status: 0, code: "upstream", retryable: true });
  });
});

describe("a committed write whose response is lost", () => {
  it("is retried with the same key and yields one payout and one debit", async () => {
    const { client, sent } = clientFor("live");
    const payoutsBefore = (await control("GET", "/_sim/payouts?env=live&rail=nigeria")) as { items?: unknown[] } | unknown[];
    const countBefore = countOf(payoutsBefore);
    const before = await pocket(client, "NGN");

    await control("POST", "/_sim/faults", { dropResponseNext: { count: 1 } });
    const body = fixtures.nigeriaPayout("2500.00");
    const payout = await client.nigeria.createPayout(body, { idempotencyKey: newKey() });

    expect(sent.filter((line) => line === "POST /v1/ngn/payouts")).toHaveLength(2);
    const payoutsAfter = await control("GET", "/_sim/payouts?env=live&rail=nigeria");
    expect(countOf(payoutsAfter)).toBe(countBefore + 1);
    expect(JSON.stringify(payoutsAfter)).toContain(payout.transactionId);
    const after = await pocket(client, "NGN");
    expect(new Decimal(before!.availableBalance).minus(after!.availableBalance).toFixed(2)).toBe("2500.00");
  });
});

function countOf(list: unknown): number {
  if (Array.isArray(list)) return list.length;
  const items = (list as { items?: unknown[] }).items;
  if (!Array.isArray(items)) throw new Error(`unexpected /_sim/payouts shape: ${JSON.stringify(list).slice(0, 200)}`);
  return items.length;
}
