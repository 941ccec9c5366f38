import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import {
  awaitingApprovalContract,
  europeApproveContract,
  payoutKeys,
  payoutLookupContract,
  payoutStatusContract,
  recentPayoutsContract,
} from "@/lib/contracts/region-payouts";
import type { Environment } from "@/lib/rails";
import type { PayoutRegion } from "@/lib/regions/regions";

export function fetchPayout(region: PayoutRegion, id: string, signal?: AbortSignal) {
  return apiFetch(payoutStatusContract, { params: { region, id }, signal });
}

/** "Was it created?" for a payout whose answer was lost. */
export function lookupRegionPayout(region: PayoutRegion, reference: string) {
  return apiFetch(payoutLookupContract, { params: { region, reference } });
}

export function awaitingApprovalsQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: payoutKeys.awaitingApproval(mode),
    queryFn: ({ signal }) => apiFetch(awaitingApprovalContract, { signal }),
    refetchInterval: 30_000,
  });
}

/** The newest payouts of every rail (the payouts page's history). */
export function recentPayoutsQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: payoutKeys.recent(mode),
    queryFn: ({ signal }) => apiFetch(recentPayoutsContract, { signal }),
    refetchInterval: 60_000,
  });
}

export function approvePayout(id: string) {
  return apiFetch(europeApproveContract, { params: { id } });
}
