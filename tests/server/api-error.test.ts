import { describe, expect, it, vi } from "vitest";
import { PaymentsApiError } from "@/lib/payments";
import type { PaymentsErrorCode } from "@/lib/payments/errors";
import { API_ERROR_CODES } from "@/lib/contracts/errors";
import { ApiError, handleApiError, stateRefusalOf, upstreamLogLevel } from "@/lib/server/api-error";

// Only the logger and the production flag read the env here.
vi.mock("@/lib/server/env", () => ({ env: () => ({ logLevel: "silent", isProduction: true }) }));

const RAW = "upstream says: secret internals at /srv/app";

function upstream(code: PaymentsErrorCode, status: number, extra: Partial<ConstructorParameters<typeof PaymentsApiError>[1]> = {}) {
  return new PaymentsApiError(RAW, { status, code, retryable: false, ...extra });
}

async function mapped(err: unknown) {
  const response = handleApiError(err, "req-12345678");
  const text = await response.text();
  expect(text).not.toContain("secret internals");
  return { status: response.status, body: JSON.parse(text), retryAfter: response.headers.get("retry-after") };
}

describe("handleApiError", () => {
  it.each([
    ["unauthorized", 401, 502, "upstream_auth_failed"],
    ["missing_scope", 403, 502, "upstream_missing_scope"],
    ["market_not_enabled", 403, 403, "market_not_enabled"],
    ["payment_unavailable", 503, 503, "payment_unavailable"],
    ["insufficient_balance", 400, 422, "insufficient_balance"],
    ["wallet_not_found", 400, 422, "wallet_not_found"],
    ["idempotency_conflict", 409, 502, "upstream_error"],
    ["invalid_state", 409, 422, "upstream_rejected"],
    ["not_found", 404, 404, "not_found"],
    ["upstream", 500, 502, "upstream_error"],
    ["upstream", 0, 502, "upstream_error"],
  ] as const)("maps upstream %s (%i) to %i %s", async (code, upstreamStatus, status, apiCode) => {
    const result = await mapped(upstream(code, upstreamStatus));
    expect(result.status).toBe(status);
    expect(result.body).toEqual({ error: { code: apiCode, message: expect.any(String), requestId: "req-12345678" } });
  });

  it("never answers 401 for an upstream failure, and keeps our own 403 distinct from a missing scope", async () => {
    expect((await mapped(upstream("unauthorized", 401))).status).not.toBe(401);
    expect((await mapped(new ApiError("forbidden"))).body.error.code).toBe("forbidden");
    expect((await mapped(upstream("missing_scope", 403))).body.error.code).not.toBe("forbidden");
  });

  it("says a refusal of the record's state is a definite answer, not a service failure to retry", async () => {
    const result = await mapped(upstream("invalid_state", 409, { upstreamCode: "invalid_state" }));
    expect(result.body.error.message).toContain("the record has moved on since this page read it");
  });

  it("passes upstream field errors as fields, not the raw body", async () => {
    const result = await mapped(upstream("validation", 400, { details: [{ path: "amount", message: "Amount too small" }] }));
    expect(result.status).toBe(422);
    expect(result.body.error).toMatchObject({ code: "upstream_rejected", fields: { amount: ["Amount too small"] } });
  });

  it("answers an upstream rate limit with 503 and Retry-After", async () => {
    const result = await mapped(upstream("rate_limited", 429, { retryAfterSeconds: 7 }));
    expect(result).toMatchObject({ status: 503, retryAfter: "7", body: { error: { code: "upstream_rate_limited" } } });
  });

  it("hides unexpected errors behind internal", async () => {
    const result = await mapped(new Error(RAW));
    expect(result).toMatchObject({ status: 500, body: { error: { code: "internal" } } });
  });

  it("keeps our own errors with their fields and Retry-After", async () => {
    const result = await mapped(new ApiError("too_many_attempts", undefined, { retryAfterSeconds: 30 }));
    expect(result).toMatchObject({ status: 429, retryAfter: "30", body: { error: { code: "too_many_attempts" } } });
    const validation = await mapped(new ApiError("validation", undefined, { fields: { mode: ["bad"] } }));
    expect(validation).toMatchObject({ status: 400, body: { error: { fields: { mode: ["bad"] } } } });
  });

  it("answers the custom server's and the database's codes with their status and message", async () => {
    expect(await mapped(new ApiError("method_not_allowed"))).toMatchObject({
      status: 405,
      body: { error: { code: "method_not_allowed", message: "This method is not allowed here." } },
    });
    expect(await mapped(new ApiError("header_too_large"))).toMatchObject({
      status: 431,
      body: { error: { code: "header_too_large", message: "The request headers are too large." } },
    });
    expect(await mapped(new ApiError("database_unavailable"))).toMatchObject({
      status: 503,
      body: { error: { code: "database_unavailable", message: "The dashboard's database is unavailable." } },
    });
  });

  it("has an error status and a message for every code of the shared list", () => {
    for (const code of API_ERROR_CODES) {
      const error = new ApiError(code);
      expect(error.status, code).toBeGreaterThanOrEqual(400);
      expect(error.message, code).not.toBe("");
    }
  });
});

describe("upstreamLogLevel and stateRefusalOf (one rule for the BFF's answers and the pages' server reads)", () => {
  it("logs a market the merchant does not have, or an id that does not exist, as information: the console shows it as a state", () => {
    expect(upstreamLogLevel(upstream("market_not_enabled", 403))).toBe("info");
    expect(upstreamLogLevel(upstream("not_found", 404))).toBe("info");
    expect(stateRefusalOf(upstream("market_not_enabled", 403))).toBe("market_not_enabled");
    expect(stateRefusalOf(upstream("not_found", 404))).toBe("not_found");
  });

  it("warns when the service failed, refused the keys or was refused anything else", () => {
    for (const [code, status] of [
      ["upstream", 502],
      ["unauthorized", 401],
      ["missing_scope", 403],
      ["rate_limited", 429],
      ["insufficient_balance", 422],
    ] as const) {
      expect(upstreamLogLevel(upstream(code, status))).toBe("warn");
      expect(stateRefusalOf(upstream(code, status))).toBeNull();
    }
  });

  it("takes the BFF's own not_found as the same state (a record of another rail under a shared endpoint), and nothing else of the BFF's", () => {
    expect(stateRefusalOf(new ApiError("not_found"))).toBe("not_found");
    expect(stateRefusalOf(new ApiError("validation", "A transaction id is required."))).toBeNull();
    expect(stateRefusalOf(new ApiError("forbidden"))).toBeNull();
    expect(stateRefusalOf(new Error("not_found"))).toBeNull();
    expect(stateRefusalOf("not_found")).toBeNull();
  });
});
