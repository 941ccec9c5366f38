import { endSessionContract } from "@/features/account/contracts";
import { ApiError } from "@/lib/server/api-error";
import { recordAudit } from "@/lib/server/audit/app";
import { withSession } from "@/lib/server/bff";
import { clientAddress } from "@/lib/server/client-address";
import { endSession, sessions } from "@/lib/server/session";
import { assertFreshCheck } from "@/lib/server/sessions/fresh-check";

/**
 * Ends one of one's own sessions (a browser left signed in elsewhere): its row goes, so its
 * cookie is worth nothing from the next request on. Another person's session id is 404, as
 * an unknown one is. Ending this browser's own session is a sign-out; ending another needs a
 * fresh check (lib/server/sessions/fresh-check.ts).
 */
export const POST = withSession(
  endSessionContract,
  async ({ input, session, request, requestId }) => {
    const { email, role } = session.user;
    const address = clientAddress(request.headers);
    if (input.id === session.id) await endSession();
    else {
      await assertFreshCheck(session, input.password, { action: "session.end", address, requestId });
      if (!(await sessions().endFor(email, input.id))) throw new ApiError("not_found", "No such session of yours.");
    }
    await recordAudit({
      actor: { kind: "staff", id: email, email, role },
      action: "session.end",
      targetIds: [input.id],
      requestId,
      clientAddress: address,
      result: "ok",
    });
    return { ended: true as const };
  },
  { anyMode: true },
);
