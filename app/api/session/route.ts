import { permissionsOf } from "@/lib/permissions";
import { withSession } from "@/lib/server/bff";

export const GET = withSession(async ({ session }) => ({ ...session, permissions: permissionsOf(session.user.role) }));
