import "server-only";
import type { UnreadableTransaction } from "@/lib/payments";
import type { TransactionRow } from "@/lib/transaction-row";

/** The slice of the payments client the store needs; a fake implements it in tests. */
export type TransactionPage = {
  items: TransactionRow[];
  /** The page's rows the client could not read (lib/payments/schemas/transactions.ts): not in `items`, still on the page. */
  unreadable: UnreadableTransaction[];
  total: number;
  offset: number;
};

export interface TransactionSource {
  listTransactions(query: { limit: number; offset: number }): Promise<TransactionPage>;
  getTransaction(id: string): Promise<TransactionRow>;
}
