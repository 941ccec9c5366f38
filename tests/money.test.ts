import { describe, expect, it } from "vitest";
import { currencyDecimals, formatAmount, formatMoney, isDecimalString } from "@/lib/money";

describe("formatAmount", () => {
  it("groups thousands and pads fiat to 2 decimals", () => {
    expect(formatAmount("250000", "BDT")).toBe("250,000.00");
    expect(formatAmount("8000000.5", "NGN")).toBe("8,000,000.50");
    expect(formatAmount("999", "BRL")).toBe("999.00");
  });

  it("pads stablecoin pockets to 6 decimals without crashing on non-ISO codes", () => {
    expect(formatAmount("12000", "USDT")).toBe("12,000.000000");
    expect(formatAmount("25000.1", "USDC")).toBe("25,000.100000");
    expect(formatAmount("5000.000001", "PYUSD-USDC")).toBe("5,000.000001");
  });

  it("never rounds away digits beyond the currency's decimals", () => {
    expect(formatAmount("1.005", "BDT")).toBe("1.005");
    expect(formatAmount("0.1234567", "USDT")).toBe("0.1234567");
  });

  it("stays exact where floats would not", () => {
    expect(formatAmount("90071992547409931.07", "BRL")).toBe("90,071,992,547,409,931.07");
  });

  it("formats negatives and zero", () => {
    expect(formatAmount("-1234.5", "BRL")).toBe("-1,234.50");
    expect(formatAmount("-0", "BRL")).toBe("0.00");
    expect(formatAmount("0", "USDC")).toBe("0.000000");
  });

  it("rejects anything that is not a decimal string", () => {
    expect(() => formatAmount("1e3", "BDT")).toThrow(TypeError);
    expect(() => formatAmount("", "BDT")).toThrow(TypeError);
    expect(() => formatAmount("12,000", "BDT")).toThrow(TypeError);
  });
});

describe("formatMoney", () => {
  it("labels PYUSD-USDC as PYUSD USDC", () => {
    expect(formatMoney("5000", "PYUSD-USDC")).toBe("5,000.000000 PYUSD USDC");
    expect(formatMoney("5000", "USDC")).toBe("5,000.000000 USDC");
  });
});

describe("arithmetic on decimal strings", () => {
  it("knows each pocket's decimals", () => {
    expect(currencyDecimals("BDT")).toBe(2);
    expect(currencyDecimals("PYUSD-USDC")).toBe(6);
    expect(isDecimalString("12.50")).toBe(true);
    expect(isDecimalString("NaN")).toBe(false);
  });
});
