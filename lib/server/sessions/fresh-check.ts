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
 * Ending another of one's sessions needs a fresh check (issue 54): a copied cookie ended the
 * owner's new session after each of the owner's sign-ins. An enrolled account passes the step-up
 * rule (a code checked in this session in the last 5 minutes; the browser's dialog asks for one on
 * 403 step_up_required); a copy's check is as old as the owner's sign-in it was taken from. An
 * account without a factor (support and viewer may have none) gives its password, throttled as
 * at sign-in.
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
