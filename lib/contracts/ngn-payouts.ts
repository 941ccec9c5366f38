// /api/nigeria/payouts: the recent list, the create, one payout's status, and the
// "was it created?" lookup by merchantReference (browser-safe).
import type { TransactionRow, TxStatus } from "@/lib/transaction-row";
import { contract } from "./contract";
import { loadReferenceLookupSchema, type WriteLookupDto } from "./write-lookup";

/** GET /api/nigeria/payouts/:id and the create answer. The account number is already masked. */
export type NigeriaPayoutDto = {
  transactionId: string;
  reference: string | null;
  merchantReference: string | null;
  status: TxStatus;
  withdrawalStatus: string | null;
  settled: boolean | null;
  amount: string | null;
  currency: string;
  /** Neither is in §2.4: shown where the answer carries them, never guessed before sending. */
  fee: string | null;
  totalDebit: string | null;
  beneficiary: { accountNumberMasked: string | null; accountName: string | null; bankName: string | null; bankCode: string | null };
  createdAt: string | null;
  completedAt: string | null;
  /** The operator's own note sent with the payout, when there was one. */
  description: string | null;
};

/**
 * Recent NGN rows of the transaction list: inbound credits or payouts. `more`: older ones exist, or
 * may (the BFF reads a few pages of every rail's rows, not the whole list); /transactions has them all.
 */
export type NgnTransactionsDto = { items: TransactionRow[]; asOf: string; more: boolean };

/** Who a payout paid, from its poll; the account number masked. */
export type PayoutBeneficiaryDto = { accountName: string | null; bankName: string | null; accountNumberMasked: string | null };

/** The newest NGN payouts with their beneficiaries (null when the poll could not be read); `more`: older ones exist. */
export type NgnPayoutsDto = { items: (TransactionRow & { beneficiary: PayoutBeneficiaryDto | null })[]; asOf: string; more: boolean };

/** Viewers may look. */
export const nigeriaRecentPayoutsContract = contract<NgnPayoutsDto>()({ method: "GET", path: () => "/api/nigeria/payouts" });

/** The §2.4 body plus the token the BFF's own name enquiry issued. */
export const nigeriaCreatePayoutContract = contract<NigeriaPayoutDto>()({
  method: "POST",
  path: () => "/api/nigeria/payouts",
  input: () => import("@/lib/requests/ngn-submissions").then((m) => m.payoutSubmissionSchema),
});

export const nigeriaPayoutContract = contract<NigeriaPayoutDto>()({
  method: "GET",
  path: ({ id }: { id: string }) => `/api/nigeria/payouts/${encodeURIComponent(id)}`,
});

/** After a timeout, a lost answer or a refresh (the wizard's recovery). */
export const nigeriaPayoutLookupContract = contract<WriteLookupDto>()({
  method: "GET",
  path: ({ reference }: { reference: string }) => `/api/nigeria/payouts/lookup?${new URLSearchParams({ reference })}`,
  input: loadReferenceLookupSchema,
});
