// Browser-safe amount rules for the Nigeria forms. The amount schema itself is the one
// every region uses (lib/payments/requests/common.ts), so messages and bounds agree.
import Decimal from "decimal.js";
import { amountString } from "@/lib/payments/requests/common";

const DECIMAL = /^\d+(\.\d+)?$/;

type AmountRule = { min: string; max: string; decimals: number; currency: string };

/** "1 500.5" is refused; "1500.50" passes. Bounds are compared with decimal.js, never floats. */
export function amountSchema({ min, max, decimals, currency }: AmountRule) {
  return amountString({ maxDecimals: decimals, min, max, currency });
}

/** True when `amount` (already valid) is above `available`; both decimal strings. */
export function exceedsAvailable(amount: string, available: string): boolean {
  return DECIMAL.test(amount.trim()) && new Decimal(amount.trim()).gt(new Decimal(available));
}
