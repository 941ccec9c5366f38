import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import type { Environment } from "@/lib/rails";
import type { AwaitingApprovalsDto, PayoutDto } from "@/lib/regions/dto";
import type { PayoutRegion } from "@/lib/regions/regions";

export const payoutsQueryKey = ["payouts"] as const;

export const payoutQueryKey = (mode: Environment, region: PayoutRegion, id: string) => [...payoutsQueryKey, mode, region, id] as const;

export function fetchPayout(region: PayoutRegion, id: string, signal?: AbortSignal): Promise<PayoutDto> {
  return apiFetch<PayoutDto>(`/api/payouts/${region}/${encodeURIComponent(id)}`, { signal });
}

export function awaitingApprovalsQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: [...payoutsQueryKey, mode, "awaiting-approval"] as const,
    queryFn: ({ signal }) => apiFetch<AwaitingApprovalsDto>("/api/payouts/awaiting-approval", { signal }),
    refetchInterval: 30_000,
  });
}

export function approvePayout(id: string): Promise<PayoutDto> {
  return apiFetch<PayoutDto>(`/api/payouts/europe/${encodeURIComponent(id)}/approve`, { method: "POST" });
}
