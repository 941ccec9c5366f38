import "server-only";
import { clientAddress } from "@/lib/server/client-address";
import type { CurrentSession } from "@/lib/server/session";

/** Who acts on /staff and from where, for the audit entry (staff-actions.ts). */
export function staffContext(session: CurrentSession, request: Request, requestId: string) {
  return { actor: { email: session.user.email, role: session.user.role }, requestId, clientAddress: clientAddress(request.headers) };
}

/** A link page's caller, for its audit entry and the session it may open (links.ts). */
export function linkContext(request: Request, requestId: string) {
  return { clientAddress: clientAddress(request.headers), userAgent: request.headers.get("user-agent") ?? "", requestId };
}
