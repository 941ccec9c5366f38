import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { staffKeys, staffListContract, type StaffQuery } from "@/features/staff/contracts";

export function staffQueryOptions(query: StaffQuery) {
  return queryOptions({
    queryKey: staffKeys.list(query),
    queryFn: ({ signal }) => apiFetch(staffListContract, { params: query, signal }),
  });
}
