import { describe, expect, it } from "vitest";
import { moneyWriteAuditResult } from "@/lib/server/audit/write-hook";
import type { WriteRecord } from "@/lib/server/money-writes/ledger";

const record = (changes: Partial<WriteRecord>) => ({ state: "sent", code: null, ...changes }) as WriteRecord;

describe("a money write's audit result", () => {
  it("says reserved, then the outcome with its code, or that a reference the API never kept was freed", () => {
    expect(moneyWriteAuditResult({ phase: "intent", record: record({}) })).toBe("reserved");
    expect(moneyWriteAuditResult({ phase: "outcome", record: record({ state: "answered" }) })).toBe("answered");
    expect(moneyWriteAuditResult({ phase: "outcome", record: record({ state: "failed", code: "insufficient_balance" }) })).toBe(
      "failed:insufficient_balance",
    );
    expect(moneyWriteAuditResult({ phase: "outcome", record: record({ code: "validation" }), freed: true })).toBe("freed:validation");
    expect(moneyWriteAuditResult({ phase: "intent", record: record({ state: "unknown" }), resend: true })).toBe("resending");
    expect(moneyWriteAuditResult({ phase: "outcome", record: record({ state: "unknown", code: "market_not_enabled" }), kept: true })).toBe(
      "kept:market_not_enabled",
    );
  });
});
