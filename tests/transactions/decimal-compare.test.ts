import { describe, expect, it } from "vitest";
import { compareDecimals, compareDecimalStrings, isDecimalString, orderKey } from "@/features/transactions/decimal-compare";

describe("compareDecimalStrings", () => {
  it.each([
    ["1", "1.00", 0],
    ["-0.00", "0", 0],
    ["007.5", "7.50", 0],
    ["9.99", "10", -1],
    ["100", "99.999999", 1],
    ["-12.50", "-12.5", 0],
    ["-12.51", "-12.5", -1],
    ["-1", "0.01", -1],
    ["0.000001", "0.000002", -1],
  ])("%s vs %s → %i", (a, b, expected) => {
    expect(compareDecimalStrings(a, b)).toBe(expected);
    expect(compareDecimalStrings(b, a)).toBe(-expected || 0);
  });

  it("stays exact where doubles collide", () => {
    const a = "9007199254740993.01";
    const b = "9007199254740993.02";
    expect(orderKey(a)).toBe(orderKey(b));
    expect(compareDecimals(orderKey(a), a, orderKey(b), b)).toBe(-1);
  });
});

describe("isDecimalString", () => {
  it("accepts the API's decimal strings only", () => {
    expect(isDecimalString("-12.50")).toBe(true);
    expect(isDecimalString("200")).toBe(true);
    expect(isDecimalString("1e5")).toBe(false);
    expect(isDecimalString("12.")).toBe(false);
    expect(isDecimalString("=1+2")).toBe(false);
  });
});
