import type { TxStatus, TxType } from "@/lib/transaction-row";

export const TYPE_LABELS: Record<TxType, string> = { payin: "Pay-in", payout: "Payout" };
export const STATUS_LABELS: Record<TxStatus, string> = { pending: "Pending", success: "Success", failed: "Failed" };
