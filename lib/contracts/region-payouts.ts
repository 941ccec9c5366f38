// /api/payouts/**: send a payout in a region, follow it, ask whether one whose
// answer was lost was created, and Europe's approve step (browser-safe). The create posts `{ body }`: the reviewed body exactly as the API
// will receive it, whose merchantReference the Idempotency-Key derives from.
import type { PAYOUT_SUBMISSIONS } from "@/lib/requests/region-submissions";
import type { PayoutRegion } from "@/lib/regions/regions";
import type { Environment } from "@/lib/rails";
import type { TransactionRow, TxStatus } from "@/lib/transaction-row";
import { contract, type Contract } from "./contract";
import { loadReferenceLookupSchema, type WriteLookupDto } from "./write-lookup";

export type ApprovalStatus = "awaiting_approval" | "approved" | "not_required";

export type PayoutDto = {
  region: PayoutRegion;
  transactionId: string;
  status: TxStatus;
  /** What the beneficiary receives (BDT, BRL, EUR). */
  amount: string | null;
  currency: string | null;
  /** What leaves the merchant's pocket; for Europe USDC at `rate`. */
  debitAmount: string | null;
  debitCurrency: string | null;
  /** In the debit's currency, where an answer carries one; none is known before sending. */
  fee: string | null;
  rate: string | null;
  merchantReference: string | null;
  beneficiaryName: string | null;
  /** Europe only: null when neither the create answer nor this process says. */
  approvalStatus: ApprovalStatus | null;
  createdAt: string | null;
  completedAt: string | null;
};

export type AwaitingApprovalsDto = { items: PayoutDto[] };

/** The newest payouts of every rail, whoever sent them (this console or another integration); `more`: older ones exist. */
export type RecentPayoutsDto = { items: TransactionRow[]; asOf: string; more: boolean };

export const payoutKeys = {
  all: ["payouts"] as const,
  mode: (mode: Environment) => ["payouts", mode] as const,
  one: (mode: Environment, region: PayoutRegion, id: string) => ["payouts", mode, region, id] as const,
  lookup: (mode: Environment, region: PayoutRegion, reference: string) => ["payouts", mode, region, "lookup", reference] as const,
  awaitingApproval: (mode: Environment) => ["payouts", mode, "awaiting-approval"] as const,
  recent: (mode: Environment) => ["payouts", mode, "recent"] as const,
};

type PayoutSubmissionSchema<R extends PayoutRegion> = (typeof PAYOUT_SUBMISSIONS)[R];
const submissionOf =
  <R extends PayoutRegion>(region: R) =>
  () =>
    import("@/lib/requests/region-submissions").then((m) => m.PAYOUT_SUBMISSIONS[region]);
export type PayoutCreateContract<R extends PayoutRegion> = Contract<"POST", void, PayoutSubmissionSchema<R>, PayoutDto>;

/** POST /api/payouts/{region}: `{ body }`. */
export const payoutCreateContracts: { [R in PayoutRegion]: PayoutCreateContract<R> } = {
  bangladesh: contract<PayoutDto>()({ method: "POST", path: () => "/api/payouts/bangladesh", input: submissionOf("bangladesh") }),
  brazil: contract<PayoutDto>()({ method: "POST", path: () => "/api/payouts/brazil", input: submissionOf("brazil") }),
  europe: contract<PayoutDto>()({ method: "POST", path: () => "/api/payouts/europe", input: submissionOf("europe") }),
};

export const payoutStatusContract = contract<PayoutDto>()({
  method: "GET",
  path: ({ region, id }: { region: PayoutRegion; id: string }) => `/api/payouts/${region}/${encodeURIComponent(id)}`,
});

/** "Was it created?" for a payout whose answer was lost, by its merchantReference. */
export const payoutLookupContract = contract<WriteLookupDto>()({
  method: "GET",
  path: ({ region, reference }: { region: PayoutRegion; reference: string }) =>
    `/api/payouts/${region}/lookup?${new URLSearchParams({ reference })}`,
  input: loadReferenceLookupSchema,
});

/** Europe only: the explicit approve step of a payout that requires it. */
export const europeApproveContract = contract<PayoutDto>()({
  method: "POST",
  path: ({ id }: { id: string }) => `/api/payouts/europe/${encodeURIComponent(id)}/approve`,
});

/** Europe payouts this dashboard created that still await the approve step. */
export const awaitingApprovalContract = contract<AwaitingApprovalsDto>()({ method: "GET", path: () => "/api/payouts/awaiting-approval" });

export const recentPayoutsContract = contract<RecentPayoutsDto>()({ method: "GET", path: () => "/api/payouts/recent" });
