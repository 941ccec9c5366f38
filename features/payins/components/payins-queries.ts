import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { indiaQuoteContract, payinKeys, payinLookupContract, payinStatusContract } from "@/lib/contracts/region-payins";
import type { Environment } from "@/lib/rails";
import type { PayinRegion } from "@/lib/regions/regions";

export function fetchPayin(region: PayinRegion, id: string, signal?: AbortSignal) {
  return apiFetch(payinStatusContract, { params: { region, id }, signal });
}

export function indiaQuoteQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: payinKeys.indiaQuote(mode),
    queryFn: ({ signal }) => apiFetch(indiaQuoteContract, { signal }),
    staleTime: 60_000,
  });
}

/** "Was it created?" for a pay-in whose answer was lost. */
export function lookupPayin(region: PayinRegion, reference: string) {
  return apiFetch(payinLookupContract, { params: { region, reference } });
}
