// lib/decimal-string.ts against decimal.js (still the server's library) as the oracle: the
// browser compares, adds and prints amounts without it, and must agree with it exactly.
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { compareDecimalStrings, decimalOfUnits } from "@/lib/decimal-string";
import { currencyDecimals, formatAmount } from "@/lib/money";
import { ExactSum } from "@/features/transactions/minor-units";

const Exact = Decimal.clone({ precision: 200 });

/** A deterministic stream of decimal strings: signs, leading and trailing zeros, up to 30 digits a side. */
function* decimals(count: number): Generator<string> {
  let seed = 42;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const digits = (n: number) => Array.from({ length: n }, () => String(next(10))).join("");
  for (let i = 0; i < count; i++) {
    const sign = next(3) === 0 ? "-" : "";
    const int = next(8) === 0 ? "0".repeat(next(3) + 1) : digits(next(next(2) === 0 ? 4 : 30) + 1);
    const frac = next(3) === 0 ? "" : `.${digits(next(8) + 1)}${next(4) === 0 ? "000" : ""}`;
    yield `${sign}${int}${frac}`;
  }
}

const values = [...decimals(2000), "0", "-0", "-0.00", "007.50", "1000"];

describe("compareDecimalStrings", () => {
  it("orders like decimal.js", () => {
    for (let i = 1; i < values.length; i++) {
      const [a, b] = [values[i - 1]!, values[i]!];
      expect(compareDecimalStrings(a, b), `${a} vs ${b}`).toBe(new Exact(a).comparedTo(new Exact(b)));
      expect(compareDecimalStrings(a, a)).toBe(0);
    }
  });
});

describe("decimalOfUnits", () => {
  it("prints units of 10^-scale plainly, without trailing zeros", () => {
    expect(decimalOfUnits(0n, 6)).toBe("0");
    expect(decimalOfUnits(1n, 6)).toBe("0.000001");
    expect(decimalOfUnits(-1250n, 2)).toBe("-12.5");
    expect(decimalOfUnits(1200n, 2)).toBe("12");
    expect(decimalOfUnits(123n, 0)).toBe("123");
  });
});

describe("ExactSum", () => {
  it("sums mixed scales like decimal.js", () => {
    for (let i = 0; i + 11 <= values.length; i += 11) {
      const batch = values.slice(i, i + 11);
      const sum = new ExactSum();
      for (const v of batch) sum.add(v);
      expect(sum.toString()).toBe(batch.reduce((total, v) => total.plus(v), new Exact(0)).toFixed());
    }
  });
});

describe("formatAmount", () => {
  // What lib/money.ts computed with decimal.js before it printed the strings itself.
  const fixedWithDecimal = (amount: string, currency: string) => {
    const value = new Exact(amount);
    return value.toFixed(Math.max(currencyDecimals(currency), value.decimalPlaces()));
  };

  it("agree with decimal.js, digit for digit", () => {
    for (const [i, amount] of values.entries()) {
      const currency = i % 2 === 0 ? "BDT" : "USDT";
      const expected = fixedWithDecimal(amount, currency);
      expect(formatAmount(amount, currency).replaceAll(",", ""), amount).toBe(expected);
    }
  });
});
