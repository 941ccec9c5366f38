import { describe, expect, it } from "vitest";
import { PaymentsApiError } from "@/lib/payments/errors";
import { errorKind, failureFields } from "@/lib/server/logger";

describe("a failure in a log line", () => {
  const refused = new PaymentsApiError("GET /v1/payouts/x network error (connect ECONNREFUSED 10.0.3.17:8443)", {
    status: 0,
    code: "upstream",
    retryable: true,
  });

  it("names the API's failure by its kind, code and status, never its message", () => {
    expect(failureFields(refused)).toEqual({ error: "PaymentsApiError", code: "upstream", status: 0 });
    expect(JSON.stringify(failureFields(refused))).not.toContain("10.0.3.17");
  });

  it("names any other failure by its kind alone", () => {
    expect(failureFields(new Error("password authentication failed for user console"))).toEqual({ error: "Error" });
    expect(failureFields(new TypeError("x"))).toEqual({ error: "TypeError" });
    expect(errorKind("boom")).toBe("string");
    expect(errorKind(undefined)).toBe("undefined");
  });

  it("keeps a driver's or the system's code when it is a plain name, and nothing of the message", () => {
    const refusedDb = Object.assign(new Error("connect ECONNREFUSED 10.0.3.17:5432"), { code: "ECONNREFUSED" });
    expect(failureFields(refusedDb)).toEqual({ error: "Error", code: "ECONNREFUSED" });
    const quoting = Object.assign(new Error("x"), { code: "duplicate key (email)=(a@b.test)" });
    expect(failureFields(quoting)).toEqual({ error: "Error" });
  });
});
