import "server-only";
import type { TransactionRow } from "@/lib/transactions/types";

/** The slice of the payments client the store needs; a fake implements it in tests. */
export type TransactionPage = { items: TransactionRow[]; total: number; offset: number };

export interface TransactionSource {
  listTransactions(query: { limit: number; offset: number }): Promise<TransactionPage>;
  getTransaction(id: string): Promise<TransactionRow>;
}
