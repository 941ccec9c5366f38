import "server-only";
import type { SessionDto } from "@/lib/contracts/session";
import { permissionsOf } from "@/lib/permissions";
import type { CurrentSession } from "./session";

/** What GET /api/session answers, and what the dashboard layout seeds the browser's cache with. */
export function toSessionDto(session: CurrentSession): SessionDto {
  return {
    user: { email: session.user.email, name: session.user.name, role: session.user.role },
    mode: session.mode,
    modes: [...session.modes],
    permissions: permissionsOf(session.user.role),
  };
}
