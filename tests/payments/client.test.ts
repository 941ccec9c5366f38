import { describe, expect, it } from "vitest";
import { createPaymentsClient, type PaymentsClient } from "@/lib/payments/client";
import type { FetchLike } from "@/lib/payments/http";
import * as fixtures from "./fixtures";
import { clientOptions, type RecordedCall } from "./fake-fetch";

const now = "2026-01-01T00:00:00.000Z";
const transaction = {
  id: "tx_1",
  type: "payin",
  status: "pending",
  amount: "500.00",
  currency: "BDT",
  rail: "bangladesh",
  railLabel: "Bangladesh",
  paidAmount: null,
  platformOrderId: "po_1",
  createdAt: now,
  completedAt: null,
};
const bangladeshPayin = {
  transactionId: "tx_1",
  status: "pending",
  amount: "500.00",
  currency: "BDT",
  platformOrderId: "po_1",
  paymentInfo: { content: "https://pay.example/bd/po_1", type: "url", expiredTime: "20260101003000" },
  expiresAt: now,
  fees: { platformFee: "12.50", feeType: "payin", feeStatus: "estimated" },
  netAmount: "487.50",
  totalWalletDebit: null,
};
const ngnPayout = {
  transactionId: "tx_1",
  reference: "r",
  status: "pending",
  withdrawalStatus: "queued",
  settled: false,
  amount: "1500.00",
  currency: "NGN",
  beneficiary: {},
  environment: "live",
};
const record = { transactionId: "tx_1", status: "pending" };

/** A plausible answer for each route, enough for the response schema of that route. */
function answerFor(method: string, path: string): unknown {
  if (path === "/v1/me") return { merchantId: "m_1" };
  if (path === "/v1/me/webhook") return { webhookUrl: "https://hooks.example/x" };
  if (path === "/v1/balance") return { items: [] };
  if (path === "/v1/transactions") return { items: [transaction], total: 1, limit: 20, offset: 0 };
  if (path.startsWith("/v1/transactions/")) return transaction;
  if (method === "POST" && path === "/v1/payins") return bangladeshPayin;
  if (path === "/v1/br/payins") return { ...record, paymentInfo: { code: "000201...", url: "https://pix.example/q" } };
  if (path === "/v1/h2h/conversion-rates") return { rate: "88.50" };
  if (path === "/v1/eur/payin-instances") return { ...record, checkoutUrl: "https://bank.example/widget" };
  if (path === "/v1/ngn/virtual-account") return { ready: false };
  if (path === "/v1/ngn/banks") return { items: [{ bankCode: "058", bankName: "GTBank" }] };
  if (path === "/v1/ngn/verify-account") return { accountName: "ADA OBI" };
  if (path.startsWith("/v1/ngn/payouts")) return ngnPayout;
  if (path.startsWith("/v1/pyusd/")) return { transactionId: "tx_1", settlementStatus: "awaiting_payment" };
  return record;
}

function routingFetch() {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    calls.push({
      url: input,
      method: init.method ?? "GET",
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: (init.body as Uint8Array | undefined) ?? undefined,
      init,
    });
    return new Response(JSON.stringify(answerFor(init.method ?? "GET", url.pathname)), { status: 200 });
  };
  return { fetch, calls };
}

const key = { idempotencyKey: "idem-surface" };

/** Every endpoint of spec §4, as [method, path, call]. */
const endpoints: Array<[string, string, (client: PaymentsClient) => Promise<unknown>, boolean]> = [
  ["GET", "/v1/me", (c) => c.me(), false],
  ["GET", "/v1/balance", (c) => c.balance(), false],
  ["GET", "/v1/transactions", (c) => c.listTransactions(), false],
  ["GET", "/v1/transactions/tx_1", (c) => c.getTransaction("tx_1"), false],
  ["PATCH", "/v1/me/webhook", (c) => c.updateWebhook({ url: "https://hooks.example/x" }), false],
  ["POST", "/v1/payins", (c) => c.bangladesh.createPayin(fixtures.bangladeshPayin, key), true],
  ["GET", "/v1/payins/tx_1", (c) => c.bangladesh.getPayin("tx_1"), false],
  ["POST", "/v1/payouts", (c) => c.bangladesh.createPayout(fixtures.bangladeshPayout, key), true],
  ["GET", "/v1/payouts/tx_1", (c) => c.bangladesh.getPayout("tx_1"), false],
  ["POST", "/v1/br/payins", (c) => c.brazil.createPayin(fixtures.brazilPayin, key), true],
  ["POST", "/v1/br/payouts", (c) => c.brazil.createPayout(fixtures.brazilPayout, key), true],
  ["GET", "/v1/h2h/conversion-rates", (c) => c.india.conversionRates(), false],
  ["POST", "/v1/h2h/payin-instances", (c) => c.india.createPayin(fixtures.indiaPayin, key), true],
  ["GET", "/v1/h2h/payin-instances/tx_1", (c) => c.india.getPayin("tx_1"), false],
  ["POST", "/v1/h2h/buyer-confirms-payment", (c) => c.india.confirmPayment({ transactionId: "tx_1", utr: "123456789012" }), false],
  ["POST", "/v1/eur/payin-instances", (c) => c.europe.createPayin(fixtures.europePayin, key), true],
  ["GET", "/v1/eur/payin-instances/tx_1", (c) => c.europe.getPayin("tx_1"), false],
  ["POST", "/v1/eur/payout-instances", (c) => c.europe.createPayout(fixtures.europePayout("10.00"), key), true],
  ["POST", "/v1/eur/payout-instances/tx_1/approve", (c) => c.europe.approvePayout("tx_1"), false],
  ["GET", "/v1/ngn/virtual-account", (c) => c.nigeria.getVirtualAccount(), false],
  ["POST", "/v1/ngn/virtual-account", (c) => c.nigeria.provisionVirtualAccount(fixtures.nigeriaVirtualAccount, key), true],
  ["GET", "/v1/ngn/banks", (c) => c.nigeria.banks(), false],
  ["POST", "/v1/ngn/verify-account", (c) => c.nigeria.verifyAccount({ accountNumber: "0123456789", bankCode: "058" }), false],
  ["POST", "/v1/ngn/payouts", (c) => c.nigeria.createPayout(fixtures.nigeriaPayout("1500.00"), key), true],
  ["GET", "/v1/ngn/payouts/tx_1", (c) => c.nigeria.getPayout("tx_1"), false],
  ["POST", "/v1/pyusd/payment-intents", (c) => c.pyusd.createIntent(fixtures.pyusdIntent, key), true],
  ["GET", "/v1/pyusd/payment-intents/tx_1", (c) => c.pyusd.getIntent("tx_1"), false],
];

describe("client surface", () => {
  it.each(endpoints)("%s %s", async (method, path, call, isMoneyWrite) => {
    const { fetch, calls } = routingFetch();
    await call(createPaymentsClient(clientOptions(fetch).options));

    expect(calls).toHaveLength(1);
    const sent = calls[0]!;
    expect(sent.method).toBe(method);
    expect(new URL(sent.url).pathname).toBe(path);
    expect(sent.headers["x-service-key"]).toBe("mrp_test_unit_key");
    expect(sent.headers["idempotency-key"]).toBe(isMoneyWrite ? "idem-surface" : undefined);
    expect(sent.headers["content-type"]).toBe(method === "GET" ? undefined : "application/json");
    // Never from the Next.js data cache, and never followed to another host with the signed headers.
    expect(sent.init).toMatchObject({ cache: "no-store", redirect: "manual" });
  });

  it("covers every method of the client", () => {
    const { fetch } = routingFetch();
    const client = createPaymentsClient(clientOptions(fetch).options);
    const methodCount = Object.values(client).reduce<number>(
      (count, value) => count + (typeof value === "function" ? 1 : typeof value === "object" ? Object.keys(value).length : 0),
      0,
    );
    expect(methodCount).toBe(endpoints.length);
  });

  it("never calls GET /v1/account-balance (§1 rule 12)", async () => {
    const { fetch, calls } = routingFetch();
    const client = createPaymentsClient(clientOptions(fetch).options);
    for (const [, , call] of endpoints) await call(client);
    expect(calls).toHaveLength(endpoints.length);
    expect(calls.some((sent) => sent.url.includes("account-balance"))).toBe(false);
  });

  it("returns null for a virtual account that is not provisioned yet", async () => {
    const fetch: FetchLike = async () =>
      new Response(JSON.stringify({ statusCode: 404, code: "not_found", message: "No virtual account" }), { status: 404 });
    expect(await createPaymentsClient(clientOptions(fetch).options).nigeria.getVirtualAccount()).toBeNull();
  });

  it("exposes the environment it was built for", () => {
    const { fetch } = routingFetch();
    expect(createPaymentsClient(clientOptions(fetch, { environment: "live" }).options).environment).toBe("live");
  });
});
