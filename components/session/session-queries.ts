import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { sessionContract, sessionKeys } from "@/lib/contracts/session";

// Shared by the dashboard layout (which seeds it from the server session) and useSession().
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => apiFetch(sessionContract, { signal }),
    staleTime: 60_000,
  });
}
