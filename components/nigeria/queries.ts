import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import type { BanksDto, NgnTransactionsDto, PayoutDto, PayoutLookupDto, VirtualAccountDto } from "@/lib/nigeria/dto";
import type { Environment } from "@/lib/rails";

// Every Nigeria read, keyed by mode so switching test/live never shows the other's data.
export const nigeriaQueryKey = ["nigeria"] as const;

export const virtualAccountQueryKey = (mode: Environment) => [...nigeriaQueryKey, mode, "virtual-account"] as const;

export function virtualAccountQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: virtualAccountQueryKey(mode),
    queryFn: ({ signal }) => apiFetch<VirtualAccountDto>("/api/nigeria/virtual-account", { signal }),
  });
}

export function inboundCreditsQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: [...nigeriaQueryKey, mode, "inbound"] as const,
    queryFn: ({ signal }) => apiFetch<NgnTransactionsDto>("/api/nigeria/inbound", { signal }),
    refetchInterval: 60_000,
  });
}

export function recentPayoutsQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: [...nigeriaQueryKey, mode, "payouts"] as const,
    queryFn: ({ signal }) => apiFetch<NgnTransactionsDto>("/api/nigeria/payouts", { signal }),
    refetchInterval: 60_000,
  });
}

export function banksQueryOptions(mode: Environment, search: string) {
  return queryOptions({
    queryKey: [...nigeriaQueryKey, mode, "banks", search] as const,
    queryFn: ({ signal }) => apiFetch<BanksDto>(`/api/nigeria/banks?${new URLSearchParams(search ? { search } : {})}`, { signal }),
    staleTime: 10 * 60_000, // the bank list changes rarely
  });
}

export const payoutQueryKey = (mode: Environment, id: string) => [...nigeriaQueryKey, mode, "payout", id] as const;

export function fetchPayout(id: string, signal?: AbortSignal) {
  return apiFetch<PayoutDto>(`/api/nigeria/payouts/${encodeURIComponent(id)}`, { signal });
}

export function lookupPayout(reference: string) {
  return apiFetch<PayoutLookupDto>(`/api/nigeria/payouts/lookup?${new URLSearchParams({ reference })}`);
}
