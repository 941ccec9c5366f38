import "server-only";
import type { Transaction } from "@/lib/payments/schemas/transactions";
import type { TransactionRow } from "@/lib/transaction-row";

/** Only the §2.3 fields reach the browser; unknown upstream fields (tolerated by the schema) are dropped. */
export function toTransactionRow(tx: Transaction): TransactionRow {
  return {
    id: tx.id,
    type: tx.type,
    status: tx.status,
    amount: tx.amount,
    currency: tx.currency,
    rail: tx.rail,
    railLabel: tx.railLabel,
    paidAmount: tx.paidAmount,
    platformOrderId: tx.platformOrderId,
    createdAt: tx.createdAt,
    completedAt: tx.completedAt,
  };
}
