// /api/approvals/** and /api/settings/approvals/** (browser-safe): maker-checker (issue 59).
// A payout a policy holds waits here for a second person: the queue, one request with its trail,
// approve (step-up, never the maker's own) and reject (a reason), and the policies an admin
// proposes and a second admin confirms.
import type { Environment } from "@/lib/rails";
import { contract } from "@/lib/contracts/contract";
import type { policyChangeSchema } from "./schemas";
import type * as z from "zod/mini";

export type ApprovalStatus = "requested" | "approved" | "rejected" | "expired" | "sent" | "failed";

export type ApprovalDto = {
  id: string;
  environment: Environment;
  /** The rail's write kind (ngn-payout, bangladesh-payout, brazil-payout, europe-payout). */
  rail: string;
  /** The rail as people name it ("Nigeria payout"). */
  railLabel: string;
  reference: string;
  /** In the request's currency (EUR for Europe), a decimal string. */
  amount: string;
  currency: string;
  /** The name and the account, masked. */
  beneficiary: string;
  maker: string;
  createdAt: string;
  expiresAt: string;
  status: ApprovalStatus;
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
  code: string | null;
  transactionId: string | null;
  /** The threshold that held it (request currency), or null: every payout. */
  threshold: string | null;
  /** The signed-in person made it: they can never approve it. */
  mine: boolean;
  /** The paying pocket: its currency and available balance (null when it could not be read). */
  pocket: { currency: string; available: string | null };
};

export type ApprovalsDto = { open: ApprovalDto[]; recent: ApprovalDto[] };
/** The signed-in maker's own requests, newest first (the ten newest). */
export type MyApprovalsDto = { requests: ApprovalDto[] };
export type ApprovalCountDto = { open: number };

export type ApprovalTrailEntryDto = { at: string; action: string; actor: string | null; result: string };
export type ApprovalDetailDto = { request: ApprovalDto; trail: ApprovalTrailEntryDto[] };

type ApprovalPolicyDto = { currency: string; threshold: string | null; setBy: string; confirmedBy: string; updatedAt: string };
export type PolicyChangeDto = {
  id: string;
  currency: string;
  action: "set" | "remove";
  threshold: string | null;
  proposedBy: string;
  proposedAt: string;
  /** The signed-in admin proposed it: another admin must confirm it. */
  mine: boolean;
};
export type ApprovalPoliciesDto = { environment: Environment; policies: ApprovalPolicyDto[]; pending: PolicyChangeDto[] };

export type PolicyChangeInput = z.input<typeof policyChangeSchema>;

export const approvalKeys = {
  all: ["approvals"] as const,
  list: (mode: Environment) => ["approvals", mode, "list"] as const,
  count: (mode: Environment) => ["approvals", mode, "count"] as const,
  mine: (mode: Environment) => ["approvals", mode, "mine"] as const,
  one: (mode: Environment, id: string) => ["approvals", mode, "one", id] as const,
  policies: (mode: Environment) => ["approvals", mode, "policies"] as const,
};

export const approvalsContract = contract<ApprovalsDto>()({ method: "GET", path: () => "/api/approvals" });
export const myApprovalsContract = contract<MyApprovalsDto>()({ method: "GET", path: () => "/api/approvals/mine" });
export const approvalCountContract = contract<ApprovalCountDto>()({ method: "GET", path: () => "/api/approvals/count" });
export const approvalContract = contract<ApprovalDetailDto>()({
  method: "GET",
  path: ({ id }: { id: string }) => `/api/approvals/${encodeURIComponent(id)}`,
});
export const approveContract = contract<ApprovalDto>()({
  method: "POST",
  path: ({ id }: { id: string }) => `/api/approvals/${encodeURIComponent(id)}/approve`,
});
export const rejectContract = contract<ApprovalDto>()({
  method: "POST",
  path: ({ id }: { id: string }) => `/api/approvals/${encodeURIComponent(id)}/reject`,
  input: () => import("./schemas").then((m) => m.rejectSchema),
});

export const approvalPoliciesContract = contract<ApprovalPoliciesDto>()({ method: "GET", path: () => "/api/settings/approvals" });
export const proposePolicyContract = contract<ApprovalPoliciesDto>()({
  method: "POST",
  path: () => "/api/settings/approvals/changes",
  input: () => import("./schemas").then((m) => m.policyChangeSchema),
});
export const confirmPolicyContract = contract<ApprovalPoliciesDto>()({
  method: "POST",
  path: ({ id }: { id: string }) => `/api/settings/approvals/changes/${encodeURIComponent(id)}/confirm`,
});
export const cancelPolicyContract = contract<ApprovalPoliciesDto>()({
  method: "POST",
  path: ({ id }: { id: string }) => `/api/settings/approvals/changes/${encodeURIComponent(id)}/cancel`,
});
