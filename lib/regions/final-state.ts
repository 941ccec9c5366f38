// When a status page stops polling: the record reached a final state (§3).
import type { PayinDto } from "@/lib/contracts/region-payins";
import type { PayoutDto } from "@/lib/contracts/region-payouts";

export function isFinalPayin(payin: PayinDto): boolean {
  if (payin.status === "failed") return true;
  // PYUSD: settled credits the pocket; expired never will (simulator/README.md, PYUSD).
  if (payin.region === "pyusd") return payin.settlementStatus === "settled" || payin.settlementStatus === "expired";
  return payin.status === "success";
}

/**
 * Whether the customer can still pay this request: pending, not final, and before every expiry it
 * carries (the session's `expiresAt`, the provider's link or PIX code expiry). The page offers the
 * link, QR, UPI intent or deposit address only then: a PYUSD address copied after its intent
 * expired would take funds no pocket is ever credited with.
 */
export function stillPayable(payin: PayinDto, now: number): boolean {
  if (payin.status !== "pending" || isFinalPayin(payin)) return false;
  const expiries = [payin.expiresAt, "expiredTimeIso" in payin ? payin.expiredTimeIso : null];
  return expiries.every((expiry) => expiry === null || !(Date.parse(expiry) <= now));
}

/** An awaiting-approval Europe payout is not final: it waits for the operator, not the rail. */
export function isFinalPayout(payout: PayoutDto): boolean {
  return payout.status !== "pending";
}
