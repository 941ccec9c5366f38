import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import {
  approvalContract,
  approvalKeys,
  approvalPoliciesContract,
  approvalsContract,
  approveContract,
  cancelPolicyContract,
  myApprovalsContract,
  confirmPolicyContract,
  proposePolicyContract,
  rejectContract,
  type PolicyChangeInput,
} from "@/features/approvals/contracts";
import type { Environment } from "@/lib/rails";

export function approvalsQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: approvalKeys.list(mode),
    queryFn: ({ signal }) => apiFetch(approvalsContract, { signal }),
    // New requests arrive from other people: the queue refreshes on its own.
    refetchInterval: 15_000,
  });
}

/** The signed-in maker's own requests (GET /api/approvals/mine). */
export function myApprovalsQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: approvalKeys.mine(mode),
    queryFn: ({ signal }) => apiFetch(myApprovalsContract, { signal }),
    // Approvers decide elsewhere: the maker sees it here without reloading.
    refetchInterval: 15_000,
  });
}

export function approvalQueryOptions(mode: Environment, id: string) {
  return queryOptions({
    queryKey: approvalKeys.one(mode, id),
    queryFn: ({ signal }) => apiFetch(approvalContract, { signal, params: { id } }),
    // The maker waits on this page for the approver's decision.
    refetchInterval: 10_000,
  });
}

export function policiesQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: approvalKeys.policies(mode),
    queryFn: ({ signal }) => apiFetch(approvalPoliciesContract, { signal }),
  });
}

export const approveRequest = (id: string) => apiFetch(approveContract, { params: { id } });
export const rejectRequest = (id: string, reason: string) => apiFetch(rejectContract, { params: { id }, body: { reason } });
export const proposePolicy = (change: PolicyChangeInput) => apiFetch(proposePolicyContract, { body: change });
export const confirmPolicy = (id: string) => apiFetch(confirmPolicyContract, { params: { id } });
export const cancelPolicy = (id: string) => apiFetch(cancelPolicyContract, { params: { id } });
