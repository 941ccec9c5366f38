import type { NigeriaPayoutDto } from "@/lib/contracts/ngn-payouts";

/**
 * §3 and §4.6: a failed payout is final, and so is a settled one (the NGN debit and the bank
 * send are final), whatever its status says yet. A successful one is polled until it is settled
 * too, so the page shows the settlement
 * (docs/decisions/0020-nigeria-errors-at-their-step-the-status-pages-polling.md; settled alone:
 * 0082). Polling stops here.
 */
export function isFinalPayout(payout: Pick<NigeriaPayoutDto, "status" | "settled">): boolean {
  return payout.status === "failed" || payout.settled === true;
}
