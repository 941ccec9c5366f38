// Browser-safe: the balance check of the Nigeria payout form. The amount rule
// itself is the wire schema's (lib/requests/nigeria.ts).
import Decimal from "decimal.js";

const DECIMAL = /^\d+(\.\d+)?$/;

/** True when `amount` (already valid) is above `available`; both decimal strings. */
export function exceedsAvailable(amount: string, available: string): boolean {
  return DECIMAL.test(amount.trim()) && new Decimal(amount.trim()).gt(new Decimal(available));
}
