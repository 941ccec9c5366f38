import "server-only";
import { ApiError } from "../api-error";
import { recordAudit, staffActor } from "../audit/app";
import { db } from "../db/app";
import { hasSecondFactor } from "../second-factor/second-factor-store";
import type { CurrentSession } from "../session";
import { checkPassword } from "../sign-in";
import { assertSteppedUp } from "../step-up";
import { findUser } from "../users";

/**
 * Ending another of one's sessions needs a fresh check (issue 54, docs/decisions/0114): a copied
 * cookie could end the owner's new sessions. An enrolled account passes the step-up rule; one
 * without a factor gives its password, throttled as at sign-in.
 */
export async function assertFreshCheck(
  session: CurrentSession,
  password: string | undefined,
  { action, address, requestId }: { action: string; address: string; requestId: string },
): Promise<void> {
  const { email } = session.user;
  if (await hasSecondFactor(db(), email)) return assertSteppedUp(session);
  if (!password) throw new ApiError("validation", undefined, { fields: { password: ["Enter your password"] } });
  const user = await findUser(db(), email);
  if (!user) throw new ApiError("unauthenticated");
  await checkPassword(email, address, password, user, {
    refused: (result) =>
      recordAudit({ actor: staffActor(session.user), action, targetIds: [email], requestId, clientAddress: address, result }),
  }).catch((error: unknown) => {
    // Said on the field, not as 401: the browser reads a 401 as "signed out" and leaves for sign-in.
    if (error instanceof ApiError && error.code === "invalid_credentials")
      throw new ApiError("validation", undefined, { fields: { password: ["That password is not right."] } });
    throw error;
  });
}
