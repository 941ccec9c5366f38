import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import type { NgnTransactionsDto } from "@/lib/contracts/nigeria/payouts";
import { recentTransactions } from "../transactions/recent";

/** The Nigeria rows among the newest of one type. */
export function recentNigeriaTransactions(client: PaymentsClient, type: "payin" | "payout"): Promise<NgnTransactionsDto> {
  return recentTransactions(client, type, (rail) => rail === "nigeria");
}
