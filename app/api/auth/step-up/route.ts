import { stepUpContract } from "@/lib/contracts/second-factor";
import { withSession } from "@/lib/server/bff";
import { clientAddress } from "@/lib/server/client-address";
import { spendCode } from "@/lib/server/second-factor/spend-code";
import { sessions } from "@/lib/server/session";
import { STEP_UP_WINDOW_MS } from "@/lib/server/step-up";

/** A fresh second-factor check in this session: what moves money or changes access is allowed for the next 5 minutes. */
export const POST = withSession(
  stepUpContract,
  async ({ input, session, request, requestId }) => {
    await spendCode("step_up", {
      user: session.user,
      sessionId: session.id,
      code: input.code,
      address: clientAddress(request.headers),
      requestId,
      environment: session.mode,
    });
    const at = new Date();
    await sessions().update(session.id, { secondFactorAt: at });
    return { until: new Date(at.getTime() + STEP_UP_WINDOW_MS).toISOString() };
  },
  { anyMode: true },
);
