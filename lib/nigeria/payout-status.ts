import type { NigeriaPayoutDto } from "@/lib/contracts/nigeria/payouts";

/**
 * §3 and §4.6: a failed payout is final; a successful one is final once settled
 * (the NGN debit and the bank send are final). Polling stops there.
 */
export function isFinalPayout(payout: Pick<NigeriaPayoutDto, "status" | "settled">): boolean {
  return payout.status === "failed" || (payout.status === "success" && payout.settled === true);
}
