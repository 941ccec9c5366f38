import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { searchContract, searchKeys } from "@/features/lookup/contracts";

/** One search over both modes (the answer does not depend on the session's mode, so it is not keyed by it). */
export function searchQueryOptions(value: string, timeZone: string) {
  return queryOptions({
    queryKey: searchKeys.all(value, timeZone),
    queryFn: ({ signal }) => apiFetch(searchContract, { params: { q: value, tz: timeZone }, signal }),
    enabled: value !== "",
  });
}
