import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { nigeriaBanksContract } from "@/features/nigeria/contracts/banks";
import { nigeriaInboundContract } from "@/features/nigeria/contracts/inbound";
import { nigeriaKeys } from "@/features/nigeria/contracts/keys";
import { nigeriaPayoutContract, nigeriaPayoutLookupContract, nigeriaRecentPayoutsContract } from "@/lib/contracts/ngn-payouts";
import type { Environment } from "@/lib/rails";

export function inboundCreditsQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: nigeriaKeys.inbound(mode),
    queryFn: ({ signal }) => apiFetch(nigeriaInboundContract, { signal }),
    refetchInterval: 60_000,
  });
}

export function recentPayoutsQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: nigeriaKeys.payouts(mode),
    queryFn: ({ signal }) => apiFetch(nigeriaRecentPayoutsContract, { signal }),
    refetchInterval: 60_000,
  });
}

export function banksQueryOptions(mode: Environment, search: string) {
  return queryOptions({
    queryKey: nigeriaKeys.banks(mode, search),
    queryFn: ({ signal }) => apiFetch(nigeriaBanksContract, { params: { search }, signal }),
    staleTime: 10 * 60_000, // the bank list changes rarely
  });
}

export function fetchPayout(id: string, signal?: AbortSignal) {
  return apiFetch(nigeriaPayoutContract, { params: { id }, signal });
}

export function lookupPayout(reference: string) {
  return apiFetch(nigeriaPayoutLookupContract, { params: { reference } });
}
