// lib/server/transaction-id.ts: one rule for every id a route forwards upstream, and its reading
// for a page, where an id no record could have is "not found" rather than a request error.
import { describe, expect, it } from "vitest";
import { ApiError, stateRefusalOf } from "@/lib/server/api-error";
import { MAX_TRANSACTION_ID_LENGTH, pageTransactionIdOf, transactionIdOf } from "@/lib/server/transaction-id";

const refusal = (read: () => unknown): ApiError => {
  try {
    read();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error("the id was taken");
};

describe("transactionIdOf", () => {
  it("takes an id trimmed, up to the longest the BFF forwards", () => {
    expect(transactionIdOf("  tx_ABC  ")).toBe("tx_ABC");
    expect(transactionIdOf("x".repeat(MAX_TRANSACTION_ID_LENGTH))).toHaveLength(MAX_TRANSACTION_ID_LENGTH);
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["one character too long", "x".repeat(MAX_TRANSACTION_ID_LENGTH + 1)],
    ["10,000 characters", "x".repeat(10_000)],
    ["not a string", ["tx_1", "tx_2"]],
    ["absent", undefined],
    ["with a NUL", "tx\u0000x"],
    ["with an escape", "tx_\u001b[31m"],
  ])("refuses an id that is %s with a 400, before anything goes upstream", (_what, raw) => {
    const error = refusal(() => transactionIdOf(raw));
    expect(error.code).toBe("validation");
    expect(error.status).toBe(400);
    expect(error.message).toBe("A transaction id is required.");
  });
});

describe("pageTransactionIdOf", () => {
  it("takes what the route takes", () => {
    expect(pageTransactionIdOf(" tx_ABC ")).toBe("tx_ABC");
  });

  it("reads an id no record could have as not found: the page's state, not a request error", () => {
    const error = refusal(() => pageTransactionIdOf("x".repeat(10_000)));
    expect(error.code).toBe("not_found");
    expect(stateRefusalOf(error)).toBe("not_found");
  });
});
