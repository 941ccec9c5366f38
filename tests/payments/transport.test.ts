import { describe, expect, it } from "vitest";
import { createPaymentsClient } from "@/lib/payments/client";
import { PaymentsApiError } from "@/lib/payments/errors";
import { clientOptions, errorResponse, fakeFetch, jsonResponse, networkError } from "./fake-fetch";
import { transactionItem } from "./fixtures";

const ngnPayout = {
  amount: "1500.00",
  merchantReference: "wd-1",
  beneficiary: { accountNumber: "0123456789", bankCode: "058", accountName: "ADA OBI", bankName: "GTBank" },
};
const payoutCreated = jsonResponse(201, { transactionId: "tx_1", status: "pending" });
const balanceOk = jsonResponse(200, { items: [] });

async function caught(promise: Promise<unknown>): Promise<PaymentsApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof PaymentsApiError)) throw new Error(`expected PaymentsApiError, got ${String(error)}`);
  return error;
}

describe("write retries", () => {
  it("retries a network error with a fresh signature, the same key and identical bytes", async () => {
    const { fetch, calls } = fakeFetch(networkError(), networkError(), payoutCreated);
    const { options, sleeps } = clientOptions(fetch);
    const client = createPaymentsClient(options);

    const payout = await client.nigeria.createPayout(ngnPayout, { idempotencyKey: "idem-123" });

    expect(payout.transactionId).toBe("tx_1");
    expect(calls).toHaveLength(3);
    const [first, second, third] = calls as [(typeof calls)[0], (typeof calls)[0], (typeof calls)[0]];
    for (const call of calls) {
      expect(call.method).toBe("POST");
      expect(call.headers["idempotency-key"]).toBe("idem-123");
      expect(Buffer.from(call.body!).equals(Buffer.from(first.body!))).toBe(true);
    }
    expect(new Set(calls.map((call) => call.headers["x-service-timestamp"])).size).toBe(3);
    expect(new Set(calls.map((call) => call.headers["x-service-signature"])).size).toBe(3);
    expect(second.headers["x-service-timestamp"]).not.toBe(first.headers["x-service-timestamp"]);
    expect(third.url).toBe("https://api.example.test/v1/ngn/payouts");
    expect(sleeps).toHaveLength(2);
  });

  it("retries a timed-out write and then gives up after the bounded attempts", async () => {
    const { fetch, calls } = fakeFetch("hang");
    const { options } = clientOptions(fetch, { timeoutMs: 20 });
    const error = await caught(createPaymentsClient(options).nigeria.createPayout(ngnPayout, { idempotencyKey: "k-1" }));

    expect(calls).toHaveLength(3);
    expect(error.code).toBe("upstream");
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/timed out/);
    expect(new Set(calls.map((call) => call.headers["idempotency-key"]))).toEqual(new Set(["k-1"]));
  });

  it.each([502, 504, 429])("does not retry a write on %i", async (status) => {
    const { fetch, calls } = fakeFetch(errorResponse(status));
    const { options } = clientOptions(fetch);
    await caught(createPaymentsClient(options).nigeria.createPayout(ngnPayout, { idempotencyKey: "k" }));
    expect(calls).toHaveLength(1);
  });

  it("refuses a money write without an Idempotency-Key before anything is sent", async () => {
    const { fetch, calls } = fakeFetch(payoutCreated);
    const { options } = clientOptions(fetch);
    const error = await caught(createPaymentsClient(options).nigeria.createPayout(ngnPayout, { idempotencyKey: "" }));
    expect(error.code).toBe("validation");
    expect(calls).toHaveLength(0);
  });

  it("refuses an invalid body before signing, with field details", async () => {
    const { fetch, calls } = fakeFetch(payoutCreated);
    const { options } = clientOptions(fetch);
    const error = await caught(
      createPaymentsClient(options).nigeria.createPayout({ ...ngnPayout, amount: "499.99" }, { idempotencyKey: "k" }),
    );
    expect(error.details).toEqual([{ path: "amount", message: "Amount must be at least 500.00 NGN" }]);
    expect(calls).toHaveLength(0);
  });
});

describe("read retries", () => {
  it.each([502, 504])("retries a GET on %i", async (status) => {
    const { fetch, calls } = fakeFetch(errorResponse(status), balanceOk);
    const { options, sleeps } = clientOptions(fetch);
    await createPaymentsClient(options).balance();
    expect(calls).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it("retries a GET on a network error", async () => {
    const { fetch, calls } = fakeFetch(networkError(), balanceOk);
    const { options } = clientOptions(fetch);
    await createPaymentsClient(options).balance();
    expect(calls).toHaveLength(2);
  });

  it("waits Retry-After seconds on a 429 GET", async () => {
    const { fetch, calls } = fakeFetch(errorResponse(429, "rate_limited", {}, { "retry-after": "3" }), balanceOk);
    const { options, sleeps } = clientOptions(fetch);
    await createPaymentsClient(options).balance();
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([3000]);
  });

  it("surfaces a 429 whose Retry-After is beyond the bound, with retryAfterSeconds", async () => {
    const { fetch, calls } = fakeFetch(errorResponse(429, "rate_limited", {}, { "retry-after": "120" }));
    const { options } = clientOptions(fetch);
    const error = await caught(createPaymentsClient(options).balance());
    expect(calls).toHaveLength(1);
    expect(error.code).toBe("rate_limited");
    expect(error.retryAfterSeconds).toBe(120);
  });

  it("stops after three attempts in all and throws the last failure", async () => {
    const { fetch, calls } = fakeFetch(errorResponse(502));
    const { options, sleeps } = clientOptions(fetch);
    const error = await caught(createPaymentsClient(options).balance());
    expect(calls).toHaveLength(3);
    expect(error).toMatchObject({ status: 502, code: "upstream", retryable: true });
    // Jittered exponential backoff with random() = 0.5: half of 200 ms, then half of 400 ms.
    expect(sleeps).toEqual([100, 200]);
  });

  it("honours maxRetries", async () => {
    const { fetch, calls } = fakeFetch(errorResponse(502));
    const { options } = clientOptions(fetch, { maxRetries: 0 });
    await caught(createPaymentsClient(options).balance());
    expect(calls).toHaveLength(1);
  });
});

describe("no retry", () => {
  it.each([
    [400, undefined],
    [401, undefined],
    [403, "market_not_enabled"],
    [403, undefined],
    [404, "not_found"],
    [409, undefined],
    [500, undefined],
    [503, "payment_unavailable"],
  ])("neither GET nor POST retries %i %s", async (status, code) => {
    const read = fakeFetch(errorResponse(status, code));
    await caught(createPaymentsClient(clientOptions(read.fetch).options).bangladesh.getPayin("tx_1"));
    expect(read.calls).toHaveLength(1);

    const write = fakeFetch(errorResponse(status, code));
    await caught(createPaymentsClient(clientOptions(write.fetch).options).nigeria.createPayout(ngnPayout, { idempotencyKey: "k" }));
    expect(write.calls).toHaveLength(1);
  });
});

describe("timeout", () => {
  it("aborts the request when the timeout passes", async () => {
    let signal: AbortSignal | undefined;
    const { fetch } = fakeFetch("hang");
    const spy: typeof fetch = (input, init) => {
      signal = init.signal ?? undefined;
      return fetch(input, init);
    };
    const { options } = clientOptions(spy, { timeoutMs: 15, maxRetries: 0 });
    const error = await caught(createPaymentsClient(options).me());
    expect(signal?.aborted).toBe(true);
    expect(error).toMatchObject({ code: "upstream", status: 0, retryable: true });
  });

  it("also covers a body that stalls after the headers", async () => {
    const { fetch } = fakeFetch("stall-body");
    const { options } = clientOptions(fetch, { timeoutMs: 15, maxRetries: 0 });
    const error = await caught(createPaymentsClient(options).me());
    expect(error.message).toMatch(/timed out/);
  });
});

describe("response parsing", () => {
  it("maps a non-JSON 200 to upstream without retrying", async () => {
    const { fetch, calls } = fakeFetch(new Response("<html>gateway</html>", { status: 200 }));
    const error = await caught(createPaymentsClient(clientOptions(fetch).options).balance());
    expect(error).toMatchObject({ code: "upstream", retryable: false, status: 200 });
    expect(calls).toHaveLength(1);
  });

  it("maps a numeric amount to upstream: money must arrive as a decimal string", async () => {
    const { fetch } = fakeFetch(jsonResponse(200, { items: [{ currency: "BDT", availableBalance: 10.5, pendingBalance: "0.00" }] }));
    const error = await caught(createPaymentsClient(clientOptions(fetch).options).balance());
    expect(error.code).toBe("upstream");
    expect(error.message).toContain("items.0.availableBalance");
  });

  it("keeps unknown fields and builds query strings from defined values only", async () => {
    const item = {
      id: "tx_1",
      type: "payin",
      status: "success",
      amount: "10.00",
      currency: "BDT",
      rail: "bangladesh",
      railLabel: "Bangladesh",
      paidAmount: null,
      platformOrderId: "p1",
      createdAt: "2026-01-01T00:00:00.000Z",
      completedAt: null,
      extra: "kept",
    };
    const { fetch, calls } = fakeFetch(jsonResponse(200, { items: [item], total: 1, limit: 5, offset: 0 }));
    const list = await createPaymentsClient(clientOptions(fetch).options).listTransactions({ type: "payin", limit: 5 });
    expect(calls[0]!.url).toBe("https://api.example.test/v1/transactions?type=payin&limit=5");
    expect(list.items[0]).toMatchObject({ extra: "kept", rail: "bangladesh" });
  });

  it("reads a list page around one bad row, refuses a bad page, and still reads an unknown rail as unknown, past the fast check", async () => {
    const row = (id: string, extra: Record<string, unknown> = {}) => ({ ...transactionItem, id, platformOrderId: id, ...extra });
    const listOf = (items: unknown[], envelope: Record<string, unknown> = {}) =>
      jsonResponse(200, { items, total: items.length, limit: 100, offset: 0, ...envelope });
    const bad = fakeFetch(listOf([row("tx_1"), row("tx_2", { amount: 10 })]));
    const read = await createPaymentsClient(clientOptions(bad.fetch).options).listTransactions();
    expect(read.items.map((item) => item.id)).toEqual(["tx_1"]);
    expect(read.unreadable).toEqual([{ id: "tx_2", key: "tx_2", fields: ["amount"] }]);
    const badPage = fakeFetch(listOf([row("tx_1")], { total: "1" }));
    const error = await caught(createPaymentsClient(clientOptions(badPage.fetch).options).listTransactions());
    expect(error.code).toBe("upstream");
    expect(error.message).toContain("unexpected shape at total");
    const renamed = fakeFetch(listOf([row("tx_1"), row("tx_2", { rail: "mars" })]));
    const list = await createPaymentsClient(clientOptions(renamed.fetch).options).listTransactions();
    expect(list.items.map((item) => item.rail)).toEqual(["nigeria", "unknown"]);
  });

  it("encodes ids so they cannot change the route", async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { transactionId: "a", status: "pending" }));
    await createPaymentsClient(clientOptions(fetch).options).bangladesh.getPayout("../me?x=1");
    expect(calls[0]!.url).toBe("https://api.example.test/v1/payouts/..%2Fme%3Fx%3D1");
  });

  // The URL parser takes a bare "." or ".." as a path step: /v1/transactions/.. is /v1/.
  it("refuses a dot segment as an id without sending anything", async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { transactionId: "a", status: "pending" }));
    const client = createPaymentsClient(clientOptions(fetch).options);
    // A lone surrogate has no UTF-8 form: encodeURIComponent threw a URIError, now a refusal like the others.
    for (const id of [".", "..", "tx_\ud800"]) expect(await caught(client.getTransaction(id))).toMatchObject({ code: "validation" });
    expect(calls).toHaveLength(0);
    // A dot inside an id is an ordinary character.
    await client.bangladesh.getPayout("...");
    expect(calls[0]!.url).toBe("https://api.example.test/v1/payouts/...");
  });

  it("rejects an empty id without sending anything", async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { transactionId: "a", status: "pending" }));
    const error = await caught(createPaymentsClient(clientOptions(fetch).options).bangladesh.getPayout(" "));
    expect(error).toMatchObject({ code: "validation", details: [{ path: "id", message: "Id is required" }] });
    expect(calls).toHaveLength(0);
  });
});
