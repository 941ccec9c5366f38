// Amounts as exact scaled integers (docs/decisions/0156): a text is read only when its units and
// scale write it back byte for byte, so a store that keeps every other text as it is stays exact.
import { describe, expect, it } from "vitest";
import { ScaledAmount, scaledText } from "@/features/transactions/minor-units";

const read = (text: string): { units: number; scale: number } | null => {
  const reader = new ScaledAmount();
  return reader.read(text) ? { units: reader.units, scale: reader.scale } : null;
};

describe("ScaledAmount and scaledText", () => {
  it("reads the decimals as written, and writes the same text back", () => {
    const cases: [string, number, number][] = [
      ["0", 0, 0],
      ["7", 7, 0],
      ["100.50", 10050, 2],
      ["100.5", 1005, 1],
      ["0.05", 5, 2],
      ["0.00", 0, 2],
      ["-3", -3, 0],
      ["-0.5", -5, 1],
      ["-12.340", -12340, 3],
      ["999999999999999", 999_999_999_999_999, 0],
      ["0.00000000000001", 1, 14],
      ["-99999999999999.9", -999_999_999_999_999, 1],
      ["5000000.00", 500_000_000, 2],
    ];
    for (const [text, units, scale] of cases) {
      expect(read(text), text).toEqual({ units, scale });
      expect(scaledText(units, scale)).toBe(text);
    }
  });

  it("refuses every text the pair would not write back", () => {
    const odd = [
      "",
      "-",
      ".",
      ".5",
      "1.",
      "+1",
      "1e3",
      "1E-2",
      "007.5",
      "00",
      "-05",
      "-0",
      "-0.00",
      "1234567890123456",
      "0.0000000000000001",
      "9007199254740993",
      " 1",
      "1 ",
      "1,000",
      "1.2.3",
      "--1",
      "0x10",
      "Infinity",
      "NaN",
      "١٢",
      "１",
    ];
    for (const text of odd) expect(read(text), text).toBeNull();
  });

  it("round-trips 20,000 generated amounts, and refuses the generated ones it cannot write back", () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) {
      const length = 1 + next(16);
      const digits = Array.from({ length }, () => String(next(10))).join("");
      const scale = next(length + 1);
      // scale === length: "0." and every digit after it.
      const text = scale === 0 ? digits : `${digits.slice(0, length - scale) || "0"}.${digits.slice(length - scale)}`;
      const signed = next(3) === 0 ? `-${text}` : text;
      const digitCount = signed.replace(/\D/g, "").length;
      const writesBack = /^-?(0|[1-9]\d*)(\.\d+)?$/.test(signed) && digitCount <= 15 && !/^-[0.]+$/.test(signed);
      const got = read(signed);
      if (!writesBack) {
        expect(got, signed).toBeNull();
        continue;
      }
      accepted++;
      expect(got, signed).not.toBeNull();
      expect(scaledText(got!.units, got!.scale)).toBe(signed);
    }
    // Both kinds generated in numbers.
    expect(accepted).toBeGreaterThan(5_000);
    expect(accepted).toBeLessThan(19_000);
  });
});
