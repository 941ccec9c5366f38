import { sessionModeContract } from "@/lib/contracts/session";
import { ApiError } from "@/lib/server/api-error";
import { appAudit, staffActor } from "@/lib/server/audit/app";
import { withSession } from "@/lib/server/bff";
import { clientAddress } from "@/lib/server/client-address";
import { setSessionMode } from "@/lib/server/session";

export const PUT = withSession(
  sessionModeContract,
  async ({ input, session, request, requestId }) => {
    // An environment without credentials is not offered (lib/server/env.ts).
    if (!session.modes.includes(input.mode)) {
      throw new ApiError("validation", undefined, { fields: { mode: [`The ${input.mode} environment is not configured.`] } });
    }
    // Who went live, when and from where (issue 54), before the switch: a switch the trail cannot
    // hold is not made. A switch back to test is recorded the same way.
    await appAudit().append({
      actor: staffActor(session.user),
      environment: input.mode,
      action: "session.mode",
      requestId,
      clientAddress: clientAddress(request.headers),
      result: "ok",
      details: { mode: input.mode, previousMode: session.mode },
    });
    await setSessionMode(session, input.mode);
    return { mode: input.mode };
  },
  { anyMode: true },
);
