import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import type { NgnTransactionsDto } from "@/lib/contracts/nigeria/payouts";
import { toTransactionRow } from "../transactions/dto";

/**
 * §4.8: list one type and filter the rail here (the API has no rail filter).
 * One page of the newest 100 is "recent"; the full history is on /transactions.
 */
export async function recentNigeriaTransactions(client: PaymentsClient, type: "payin" | "payout"): Promise<NgnTransactionsDto> {
  const page = await client.listTransactions({ type, limit: 100 });
  return { items: page.items.filter((tx) => tx.rail === "nigeria").map(toTransactionRow), asOf: new Date().toISOString() };
}
