import type { Pocket } from "@/lib/rails";

/** What each pocket is for; the two USDC pockets in particular must not be confused (§1 rule 4). */
export const POCKET_NOTES: Partial<Record<Pocket, string>> = {
  USDT: "Credited by India UPI pay-ins.",
  USDC: "Europe pocket: funds EUR payouts.",
  "PYUSD-USDC": "Separate from Europe's USDC. EUR payouts cannot spend it.",
  NGN: "The only pocket that funds Nigeria payouts.",
};
