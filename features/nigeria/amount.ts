// Browser-safe: the balance check of the Nigeria payout form. The amount rule
// itself is the wire schema's (lib/requests/nigeria.ts).
import { compareDecimalStrings, isDecimalString, withoutGrouping } from "@/lib/decimal-string";

const UNSIGNED = /^\d+(\.\d+)?$/;

/** True when `amount` (already valid) is above `available`; both decimal strings. */
export function exceedsAvailable(amount: string, available: string): boolean {
  const value = withoutGrouping(amount.trim());
  return UNSIGNED.test(value) && isDecimalString(available) && compareDecimalStrings(value, available) > 0;
}
