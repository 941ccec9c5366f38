import { permissionsOf, type Role } from "@/lib/permissions";
import type { Environment } from "@/lib/rails";
import type { SessionDto } from "./session-query";

type ServerSession = { user: { email: string; name: string; role: Role }; mode: Environment; modes: Environment[] };

/** The same shape GET /api/session answers, built from the server's session so the layout can seed the cache. */
export function toSessionDto(session: ServerSession): SessionDto {
  return {
    user: { email: session.user.email, name: session.user.name, role: session.user.role },
    mode: session.mode,
    modes: [...session.modes],
    permissions: permissionsOf(session.user.role),
  };
}
