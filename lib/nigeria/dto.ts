// Shapes the Nigeria BFF routes return (app/api/nigeria/**). Browser-safe types only.
import type { TransactionRow } from "@/lib/transactions/types";

/**
 * GET /api/nigeria/virtual-account. Account details exist only in the `ready`
 * variant, so no screen can show them early (§3: ready must be true first).
 */
export type VirtualAccountDto =
  | { state: "live_only" }
  | { state: "none" }
  | { state: "provisioning"; id?: string; firstName?: string; lastName?: string; createdAt?: string }
  | { state: "ready"; id?: string; accountNumber: string; bankName: string; accountName: string; createdAt?: string };

export type BankDto = { bankCode: string; bankName: string };
export type BanksDto = { items: BankDto[] };

/** The name enquiry answer, with the sealed token that proves the BFF resolved this beneficiary itself. */
export type VerifiedBeneficiaryDto = {
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  token: string;
  expiresAt: string;
};

export type PayoutStatus = "pending" | "success" | "failed";

/** GET /api/nigeria/payouts/:id and the create answer. The account number is already masked. */
export type PayoutDto = {
  transactionId: string;
  reference: string | null;
  merchantReference: string | null;
  status: PayoutStatus;
  withdrawalStatus: string | null;
  settled: boolean | null;
  amount: string | null;
  currency: string;
  beneficiary: { accountNumberMasked: string | null; accountName: string | null; bankName: string | null; bankCode: string | null };
  createdAt: string | null;
};

/** What the BFF knows about a merchantReference: the "nothing is lost" lookup. */
export type PayoutLookupDto =
  | { state: "created"; transactionId: string }
  | { state: "in_flight" }
  | { state: "failed"; code: string }
  | { state: "unknown" };

export type NgnTransactionsDto = { items: TransactionRow[]; asOf: string };
