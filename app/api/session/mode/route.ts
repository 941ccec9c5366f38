import { sessionModeContract } from "@/lib/contracts/session";
import { ApiError } from "@/lib/server/api-error";
import { withSession } from "@/lib/server/bff";
import { setSessionMode } from "@/lib/server/session";

export const PUT = withSession(
  sessionModeContract,
  async ({ input, session }) => {
    // An environment without credentials is not offered (lib/server/env.ts).
    if (!session.modes.includes(input.mode)) {
      throw new ApiError("validation", undefined, { fields: { mode: [`The ${input.mode} environment is not configured.`] } });
    }
    await setSessionMode(session, input.mode);
    return { mode: input.mode };
  },
  { anyMode: true },
);
