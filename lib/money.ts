import { decimalParts, isDecimalString, type DecimalParts } from "@/lib/decimal-string";
import { pocketLabel } from "@/lib/rails";

// Money is a decimal string end to end: these print and add the strings themselves
// (lib/decimal-string.ts), exactly, without a JS number or a decimal library.

export { isDecimalString };

// Stablecoin pockets carry 6 decimals (simulator README "Amounts"); fiat carries 2.
const DECIMALS: Record<string, number> = {
  USDT: 6,
  USDC: 6,
  "PYUSD-USDC": 6,
  PYUSD: 6,
};
export const FIAT_DECIMALS = 2;

function parse(value: string): DecimalParts {
  if (!isDecimalString(value)) throw new TypeError(`Not a decimal amount: ${JSON.stringify(value)}`);
  return decimalParts(value);
}

/** The digits, padded to `decimals` after the point (never cut: a longer fraction keeps its digits). */
function fixed({ int, frac }: DecimalParts, decimals: number): string {
  const digits = Math.max(decimals, frac.length);
  return digits > 0 ? `${int}.${frac.padEnd(digits, "0")}` : int;
}

/** @internal */
export function currencyDecimals(currency: string): number {
  return DECIMALS[currency] ?? FIAT_DECIMALS;
}

function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * "250000" + BDT → "250,000.00". Pads to the currency's decimals but never rounds:
 * a value with more decimals than expected keeps them, so the figure stays exact.
 * Deliberately not Intl currency style: USDT, USDC and PYUSD-USDC are not ISO 4217 codes.
 */
export function formatAmount(amount: string, currency: string): string {
  const value = parse(amount);
  const [integerPart = "0", fraction] = fixed(value, currencyDecimals(currency)).split(".");
  return `${value.negative ? "-" : ""}${groupThousands(integerPart)}${fraction ? `.${fraction}` : ""}`;
}

/** "250,000.00 BDT", "5,000.000000 PYUSD USDC". */
export function formatMoney(amount: string, currency: string): string {
  return `${formatAmount(amount, currency)} ${pocketLabel(currency)}`;
}
