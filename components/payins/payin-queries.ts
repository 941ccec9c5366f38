import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import type { Environment } from "@/lib/rails";
import type { IndiaQuoteDto, PayinDto } from "@/lib/regions/dto";
import type { PayinRegion } from "@/lib/regions/regions";

export const payinsQueryKey = ["payins"] as const;

export const payinQueryKey = (mode: Environment, region: PayinRegion, id: string) => [...payinsQueryKey, mode, region, id] as const;

export function fetchPayin(region: PayinRegion, id: string, signal?: AbortSignal): Promise<PayinDto> {
  return apiFetch<PayinDto>(`/api/payins/${region}/${encodeURIComponent(id)}`, { signal });
}

export function indiaQuoteQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: ["india-quote", mode] as const,
    queryFn: ({ signal }) => apiFetch<IndiaQuoteDto>("/api/payins/india-quote", { signal }),
    staleTime: 60_000,
  });
}
