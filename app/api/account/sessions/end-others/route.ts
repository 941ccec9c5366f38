import { endOtherSessionsContract } from "@/features/account/contracts";
import { recordAudit, staffActor } from "@/lib/server/audit/app";
import { withSession } from "@/lib/server/bff";
import { clientAddress } from "@/lib/server/client-address";
import { sessions } from "@/lib/server/session";
import { assertFreshCheck } from "@/lib/server/sessions/fresh-check";

/**
 * /account's "Sign out every other session": every row of this person's but this browser's goes,
 * after a fresh check (lib/server/sessions/fresh-check.ts), so a copy of any older cookie opens
 * nothing afterwards.
 */
export const POST = withSession(
  endOtherSessionsContract,
  async ({ input, session, request, requestId }) => {
    const address = clientAddress(request.headers);
    await assertFreshCheck(session, input.password, { action: "session.end_others", address, requestId });
    const ended = await sessions().endOthersFor(session.user.email, session.id);
    await recordAudit({
      actor: staffActor(session.user),
      action: "session.end_others",
      targetIds: [session.user.email],
      requestId,
      clientAddress: address,
      result: "ok",
      details: { ended },
    });
    return { ended };
  },
  { anyMode: true },
);
