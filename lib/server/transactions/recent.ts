import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import type { TransactionRow } from "@/lib/transactions/types";
import { toTransactionRow } from "./dto";

/**
 * §4.8: the newest page (100) of one type, filtered by rail here (the API has no rail filter).
 * "Recent" for the payouts and Nigeria pages; the full history is on /transactions.
 */
/**
 * A "recent" list cut to the rows a page shows, saying whether older ones exist (the page then
 * links to /transactions, which holds them all).
 */
export function newestShown<R>(recent: { items: R[]; asOf: string }, shown: number): { items: R[]; asOf: string; more: boolean } {
  return { items: recent.items.slice(0, shown), asOf: recent.asOf, more: recent.items.length > shown };
}

/**
 * Rows the payouts page shows. All 100 of the newest page made the page's longest task (the
 * table's first render, TBT 100–250 ms) and Lighthouse's lowest score (84–94).
 */
export const RECENT_PAYOUTS_SHOWN = 25;

/** The newest payouts of every rail, whoever sent them: the payouts page's history. */
export async function recentPayouts(client: PaymentsClient): Promise<{ items: TransactionRow[]; asOf: string; more: boolean }> {
  return newestShown(await recentTransactions(client, "payout"), RECENT_PAYOUTS_SHOWN);
}

export async function recentTransactions(
  client: PaymentsClient,
  type: "payin" | "payout",
  keep: (rail: string) => boolean = () => true,
): Promise<{ items: TransactionRow[]; asOf: string }> {
  const page = await client.listTransactions({ type, limit: 100 });
  return { items: page.items.filter((tx) => keep(tx.rail)).map(toTransactionRow), asOf: new Date().toISOString() };
}
