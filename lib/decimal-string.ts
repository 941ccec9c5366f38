// Exact work on decimal strings ("-12.50", "3", "0.000001"), as the API sends money: compare,
// add and print, with string digits and BigInt. Browser-safe and without a library on purpose:
// this is all the browser does with amounts, and decimal.js (~13 KB gzip) would be in every
// page that shows one. Nothing here goes through a JS number.

/** A decimal string as the API sends money: optional minus, digits, optional fraction. No exponent, no spaces. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

/** A decimal string's sign and digits: `int` without leading zeros, `frac` without trailing ones. */
export type DecimalParts = { negative: boolean; int: string; frac: string };

/** For a string isDecimalString accepts. "-0.00" is zero, not negative. */
export function decimalParts(value: string): DecimalParts {
  const negative = value.startsWith("-");
  const body = negative ? value.slice(1) : value;
  const dot = body.indexOf(".");
  const rawInt = dot === -1 ? body : body.slice(0, dot);
  const rawFrac = dot === -1 ? "" : body.slice(dot + 1);
  const int = rawInt.replace(/^0+(?=\d)/, "");
  const frac = rawFrac.replace(/0+$/, "");
  const isZero = int === "0" && frac === "";
  return { negative: negative && !isZero, int, frac };
}

function compareMagnitude(a: DecimalParts, b: DecimalParts): number {
  if (a.int.length !== b.int.length) return a.int.length < b.int.length ? -1 : 1;
  if (a.int !== b.int) return a.int < b.int ? -1 : 1;
  const width = Math.max(a.frac.length, b.frac.length);
  const fa = a.frac.padEnd(width, "0");
  const fb = b.frac.padEnd(width, "0");
  if (fa === fb) return 0;
  return fa < fb ? -1 : 1;
}

/** -1, 0 or 1, exactly, for two decimal strings as the API sends them. */
export function compareDecimalStrings(a: string, b: string): -1 | 0 | 1 {
  if (a === b) return 0;
  const pa = decimalParts(a);
  const pb = decimalParts(b);
  if (pa.negative !== pb.negative) return pa.negative ? -1 : 1;
  const magnitude = compareMagnitude(pa, pb);
  if (magnitude === 0) return 0;
  return (pa.negative ? -magnitude : magnitude) as -1 | 1;
}

/** units × 10^-scale as a plain decimal string without trailing zeros ("0" for zero), as decimal.js's toFixed() prints it. */
export function decimalOfUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, "");
  if (int === "0" && frac === "") return "0";
  return `${negative ? "-" : ""}${int}${frac ? `.${frac}` : ""}`;
}

/** Thousands grouped as the console prints them: "1,000", "5,000,000.00". Strict groups of three, "." for decimals. */
const GROUPED = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;
/** A comma as the decimal point ("1000,5", "10,00", "1.000,50"): refused, never read either way. */
const COMMA_DECIMAL = /^(\d{1,3}(\.\d{3})+|\d+),\d{1,2}$|^\d{1,3}(\.\d{3})+,\d+$/;

/**
 * An amount as typed, as the decimal string it says ("1,000" → "1000"); anything else as it came,
 * for the caller's own check to refuse. One rule for every form (lib/requests/common.ts).
 */
export function withoutGrouping(typed: string): string {
  return GROUPED.test(typed) ? typed.replaceAll(",", "") : typed;
}

/** Why a typed amount with separators is not read, in a sentence; null when it has none or reads. */
export function separatorProblem(typed: string): string | null {
  if (!/[,.]/.test(typed) || GROUPED.test(typed) || DECIMAL_PATTERN.test(typed)) return null;
  if (COMMA_DECIMAL.test(typed))
    return `${typed} has a comma as the decimal point: write it as ${typed.replaceAll(".", "").replace(",", ".")}`;
  if (typed.includes(",") || /\..*\./.test(typed))
    return "Use a point only for decimals, and commas only between groups of three digits, such as 5,000,000.00";
  return null;
}
