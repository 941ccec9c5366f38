import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { createPaymentsClient } from "@/lib/payments/client";
import { PaymentsApiError, parseRetryAfter } from "@/lib/payments/errors";
import { TEST_SECRET, clientOptions, errorResponse, fakeFetch, jsonResponse, networkError } from "./fake-fetch";

async function failureOf(reply: Parameters<typeof fakeFetch>[0], overrides: Record<string, unknown> = {}) {
  const { fetch, calls } = fakeFetch(reply);
  const client = createPaymentsClient(clientOptions(fetch, { maxRetries: 0, timeoutMs: 15, ...overrides }).options);
  const error = await client.bangladesh.getPayin("tx_1").then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof PaymentsApiError)) throw new Error("expected PaymentsApiError");
  return { error, calls };
}

describe("status and code mapping", () => {
  it.each([
    [403, "market_not_enabled", "market_not_enabled", false],
    [403, undefined, "missing_scope", false],
    [503, "payment_unavailable", "payment_unavailable", false],
    [503, undefined, "payment_unavailable", false],
    [400, "insufficient_balance", "insufficient_balance", false],
    [400, "wallet_not_found", "wallet_not_found", false],
    [400, "name_enquiry_failed", "validation", false],
    [400, undefined, "validation", false],
    [409, undefined, "idempotency_conflict", false],
    [409, "invalid_state", "invalid_state", false],
    [401, undefined, "unauthorized", false],
    [404, "not_found", "not_found", false],
    [413, "payload_too_large", "validation", false],
    [429, "rate_limited", "rate_limited", true],
    [500, undefined, "upstream", true],
    [502, undefined, "upstream", true],
  ] as const)("%i with code %s → %s", async (status, upstreamCode, code, retryable) => {
    const { error } = await failureOf(errorResponse(status, upstreamCode, {}, { "retry-after": "999" }));
    expect(error).toMatchObject({ status, code, retryable, upstreamCode });
  });

  it("keeps field details and the request id of a 400", async () => {
    const { error } = await failureOf(
      errorResponse(
        400,
        undefined,
        {
          details: [
            { path: "amount", message: "Too small" },
            { path: ["customer", "email"], message: "Bad" },
          ],
        },
        {
          "x-request-id": "req_42",
        },
      ),
    );
    expect(error.details).toEqual([
      { path: "amount", message: "Too small" },
      { path: "customer.email", message: "Bad" },
    ]);
    expect(error.requestId).toBe("req_42");
    expect(error.message).toContain("GET /v1/payins/tx_1 failed with 400");
  });

  it("carries retryAfterSeconds only for 429", async () => {
    expect((await failureOf(errorResponse(429, "rate_limited", {}, { "retry-after": "999" }))).error.retryAfterSeconds).toBe(999);
    expect((await failureOf(errorResponse(400, undefined, {}, { "retry-after": "999" }))).error.retryAfterSeconds).toBeUndefined();
  });

  it("maps a non-JSON error body by status alone", async () => {
    const { error } = await failureOf(new Response("Bad gateway", { status: 502 }));
    expect(error).toMatchObject({ code: "upstream", upstreamCode: undefined });
  });

  it("maps network errors and timeouts to upstream with status 0", async () => {
    expect((await failureOf(networkError())).error).toMatchObject({ code: "upstream", status: 0, retryable: true });
    expect((await failureOf("hang")).error).toMatchObject({ code: "upstream", status: 0, retryable: true });
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 0);
    expect(parseRetryAfter("5", now)).toBe(5);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe("secrets stay out of errors", () => {
  const failures: Array<[string, Parameters<typeof fakeFetch>[0]]> = [
    ["401", errorResponse(401)],
    ["400 with details", errorResponse(400, undefined, { details: [{ path: "amount", message: "bad" }] })],
    ["503", errorResponse(503, "payment_unavailable")],
    ["network error", networkError()],
    ["timeout", "hang"],
    ["unparseable 200", jsonResponse(200, { nope: true })],
  ];

  it.each(failures)("%s: neither the secret nor the signature appears", async (_name, reply) => {
    const { error, calls } = await failureOf(reply);
    const signature = calls[0]!.headers["x-service-signature"]!;
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    const renderings = [error.message, JSON.stringify(error), String(error), error.stack ?? "", inspect(error, { depth: 5 })];
    for (const text of renderings) {
      expect(text).not.toContain(TEST_SECRET);
      expect(text).not.toContain(signature);
    }
  });

  it("blanks a signature the service echoes back in its message or details", async () => {
    const echoed = "ab".repeat(32);
    const { error } = await failureOf(
      errorResponse(401, undefined, { message: `expected ${echoed}`, details: [{ path: "signature", message: echoed }] }),
    );
    expect(error.message).toContain("expected [redacted]");
    expect(error.details).toEqual([{ path: "signature", message: "[redacted]" }]);
    expect(JSON.stringify(error)).not.toContain(echoed);
  });

  it("a rejected request never reaches fetch and its error holds no secret", async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, {}));
    const client = createPaymentsClient(clientOptions(fetch).options);
    const error = await client.india.confirmPayment({ transactionId: "tx_1", utr: "123" }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(PaymentsApiError);
    expect(JSON.stringify(error)).not.toContain(TEST_SECRET);
    expect(calls).toHaveLength(0);
  });

  it("a bad client configuration does not echo the secret", () => {
    let thrown: unknown;
    try {
      createPaymentsClient({ baseUrl: "not a url", apiKey: "k", apiSecret: TEST_SECRET, environment: "test" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(inspect(thrown, { depth: 10 })).not.toContain(TEST_SECRET);
  });
});
