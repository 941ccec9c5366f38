import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import type { NgnTransactionsDto } from "@/lib/contracts/ngn-payouts";
import { newestOfRail } from "@/features/transactions/server/recent";

/**
 * Credits the virtual account page shows, as many as the payouts lists; the rest are on /transactions (a link says so).
 * @internal
 */
export const RECENT_NGN_CREDITS_SHOWN = 25;

/** The `shown` newest Nigeria rows of one type, and whether older ones exist or may exist. */
export function recentNigeriaTransactions(client: PaymentsClient, type: "payin" | "payout", shown: number): Promise<NgnTransactionsDto> {
  return newestOfRail(client, type, "nigeria", shown);
}

/** Inbound credits: each NGN pay-in is a transfer to the virtual account (§1 Nigeria). */
export function recentNigeriaCredits(client: PaymentsClient): Promise<NgnTransactionsDto> {
  return recentNigeriaTransactions(client, "payin", RECENT_NGN_CREDITS_SHOWN);
}
