// When a status page stops polling: the record reached a final state (§3).
import type { PayinDto } from "@/lib/contracts/payins";
import type { PayoutDto } from "@/lib/contracts/payouts";

export function isFinalPayin(payin: PayinDto): boolean {
  if (payin.status === "failed") return true;
  // PYUSD: settled credits the pocket; expired never will (simulator/README.md, PYUSD).
  if (payin.region === "pyusd") return payin.settlementStatus === "settled" || payin.settlementStatus === "expired";
  return payin.status === "success";
}

/** An awaiting-approval Europe payout is not final: it waits for the operator, not the rail. */
export function isFinalPayout(payout: PayoutDto): boolean {
  return payout.status !== "pending";
}
