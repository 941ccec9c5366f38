import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import type { TransactionRow } from "@/lib/transactions/types";
import { toTransactionRow } from "./dto";

/**
 * §4.8: the newest page (100) of one type, filtered by rail here (the API has no rail filter).
 * "Recent" for the payouts and Nigeria pages; the full history is on /transactions.
 */
export async function recentTransactions(
  client: PaymentsClient,
  type: "payin" | "payout",
  keep: (rail: string) => boolean = () => true,
): Promise<{ items: TransactionRow[]; asOf: string }> {
  const page = await client.listTransactions({ type, limit: 100 });
  return { items: page.items.filter((tx) => keep(tx.rail)).map(toTransactionRow), asOf: new Date().toISOString() };
}
