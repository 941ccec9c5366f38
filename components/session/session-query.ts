import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import type { Permission, Role } from "@/lib/permissions";
import type { Environment } from "@/lib/rails";

/** GET /api/session (docs/architecture.md). */
export type SessionDto = {
  user: { email: string; name: string; role: Role };
  mode: Environment;
  modes: Environment[];
  permissions: readonly Permission[];
};

export const sessionQueryKey = ["session"] as const;

// Shared by the dashboard layout (which seeds it from the server session) and useSession().
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => apiFetch<SessionDto>("/api/session", { signal }),
    staleTime: 60_000,
  });
}
