import type { Transaction } from "@/lib/payments/schemas/transactions";

/** A Europe payout as GET /v1/transactions/:id gives it (no approval fields: §4). */
export function europeTransaction(id: string, status: Transaction["status"]): Transaction {
  return {
    id,
    type: "payout",
    status,
    amount: "1080.000000",
    currency: "USDC",
    rail: "europe",
    railLabel: "Europe",
    paidAmount: null,
    platformOrderId: "po",
    createdAt: "2026-11-22T10:00:00.000Z",
    completedAt: status === "pending" ? null : "2026-11-22T10:10:00.000Z",
  };
}
