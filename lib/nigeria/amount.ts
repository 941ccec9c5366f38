// Browser-safe amount rule in zod/mini (the full zod build would add ~90 KB to the wizard).
import Decimal from "decimal.js";
import * as z from "zod/mini";

const DECIMAL = /^\d+(\.\d+)?$/;

function decimalsOf(value: string): number {
  const point = value.indexOf(".");
  return point === -1 ? 0 : value.length - point - 1;
}

type AmountRule = { min: string; max: string; decimals: number; currency: string };

/** "1 500.5" is refused; "1500.50" passes. Bounds are compared with decimal.js, never floats. */
export function amountSchema({ min, max, decimals, currency }: AmountRule) {
  return z.string().check(
    z.trim(),
    // abort: the numeric checks below must only ever see a well-formed decimal.
    z.regex(DECIMAL, { message: "Enter an amount such as 1500 or 1500.50", abort: true }),
    z.refine((value) => decimalsOf(value) <= decimals, `At most ${decimals} decimals`),
    z.refine((value) => new Decimal(value).gte(min), `The minimum is ${min} ${currency}`),
    z.refine((value) => new Decimal(value).lte(max), `The maximum is ${max} ${currency}`),
  );
}

/** True when `amount` (already valid) is above `available`; both decimal strings. */
export function exceedsAvailable(amount: string, available: string): boolean {
  return DECIMAL.test(amount.trim()) && new Decimal(amount.trim()).gt(new Decimal(available));
}
