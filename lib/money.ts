import Decimal from "decimal.js";
import { pocketLabel } from "@/lib/rails";

// Money is a decimal string end to end. A private Decimal clone keeps our precision
// independent of anything else configuring the global constructor, and 60 significant
// digits is far beyond any balance (the default 20 could round a large sum).
const Money = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_EVEN });

// Stablecoin pockets carry 6 decimals (simulator README "Amounts"); fiat carries 2.
const DECIMALS: Record<string, number> = {
  USDT: 6,
  USDC: 6,
  "PYUSD-USDC": 6,
  PYUSD: 6,
};
const FIAT_DECIMALS = 2;

const DECIMAL_STRING = /^-?\d+(\.\d+)?$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL_STRING.test(value);
}

function parse(value: string): Decimal {
  if (!isDecimalString(value)) throw new TypeError(`Not a decimal amount: ${JSON.stringify(value)}`);
  return new Money(value);
}

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
  const decimals = Math.max(currencyDecimals(currency), value.decimalPlaces());
  const fixed = value.abs().toFixed(decimals);
  const [integerPart = "0", fraction] = fixed.split(".");
  const sign = value.isNegative() && !value.isZero() ? "-" : "";
  return `${sign}${groupThousands(integerPart)}${fraction ? `.${fraction}` : ""}`;
}

/** "250,000.00 BDT", "5,000.000000 PYUSD USDC". */
export function formatMoney(amount: string, currency: string): string {
  return `${formatAmount(amount, currency)} ${pocketLabel(currency)}`;
}

/** Normalises to the currency's decimals without losing digits, e.g. "200" → "200.00". */
export function normaliseAmount(amount: string, currency: string): string {
  const value = parse(amount);
  return value.toFixed(Math.max(currencyDecimals(currency), value.decimalPlaces()));
}

export function addAmounts(a: string, b: string): string {
  return parse(a).plus(parse(b)).toFixed();
}

/** Sums amounts of one currency only: unlike currencies are never summed (spec §1 rule 3). */
export function sumAmounts(amounts: readonly string[]): string {
  return amounts.reduce<Decimal>((total, amount) => total.plus(parse(amount)), new Money(0)).toFixed();
}

export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  return parse(a).comparedTo(parse(b)) as -1 | 0 | 1;
}
