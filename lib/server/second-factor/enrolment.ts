import "server-only";
import { renderSVG } from "uqr";
import type { EnrolledDto, EnrolmentDto } from "@/lib/contracts/second-factor";
import { ApiError } from "../api-error";
import { recordAudit } from "../audit/app";
import { db } from "../db/app";
import { issueDeviceCookie } from "../device-cookie";
import { env } from "../env";
import { safeReturnTo } from "../return-to";
import { activateSession, getAnySignIn, sessions } from "../session";
import { checkPassword } from "../sign-in";
import { attemptThrottle } from "../sign-in-throttle";
import { newRecoveryCodes, recoveryCodeHash } from "./recovery-codes";
import { openTotpSecret, sealTotpSecret } from "./seal";
import { hasSecondFactor, saveEnrolment } from "./second-factor-store";
import { matchingTotpStep, newTotpKey, totpKeyText, totpUri } from "./totp";

// Enrolling a TOTP factor from the browser: a session that must enrol before anything else
// (stage 'enrol'), or a signed-in one without a factor (optional for its role). The new secret
// waits, sealed, on the session's row until one code from the app confirms it; only then is it
// saved, with ten recovery codes shown once. From a session already signed in, the password
// comes first (startEnrolment). Replacing an existing factor is the users CLI's
// `mfa-reset`, not this (it would need the old factor first).

async function enrollingSession() {
  const signIn = await getAnySignIn();
  if (!signIn || signIn.row.stage === "second_factor") throw new ApiError("unauthenticated");
  if (await hasSecondFactor(db(), signIn.user.email)) throw new ApiError("forbidden", "A second factor is already enrolled.");
  return signIn;
}

/**
 * A new secret for this session's enrolment. A session already signed in (enrolling from
 * /account, optional for its role) gives its password again first: whoever holds a copy of its
 * cookie could otherwise put their own authenticator on the account and lock its owner out. A
 * sign-in in the 'enrol' stage has just given it.
 */
export async function startEnrolment(password: string | undefined, context: { address: string; requestId: string }): Promise<EnrolmentDto> {
  const { row, user } = await enrollingSession();
  if (row.stage === "active") {
    if (!password) throw new ApiError("validation", undefined, { fields: { password: ["Enter your password"] } });
    await checkPassword(user.email, context.address, password, user, {
      refused: (result) =>
        recordAudit({
          actor: { kind: "staff", id: user.email, email: user.email, role: user.role },
          action: "second_factor.enrol",
          targetIds: [user.email],
          requestId: context.requestId,
          clientAddress: context.address,
          result,
        }),
    });
  }
  const key = newTotpKey();
  await sessions().update(row.id, { pendingTotp: sealTotpSecret(key, user.email, env().mfaEncryptionKey) });
  const uri = totpUri(key, user.email);
  return { secret: totpKeyText(key), uri, qrSvg: renderSVG(uri) };
}

export async function confirmEnrolment(code: string, returnTo: string | undefined, context: { address: string; requestId: string }) {
  const { row, user } = await enrollingSession();
  if (!row.pendingTotp) throw new ApiError("validation", "Start the enrolment again: there is no secret waiting for a code.");
  const pendingTotp = row.pendingTotp;
  const codes = attemptThrottle("code");
  const step = await codes.exclusive(user.email, context.address, async () => {
    const wait = await codes.wait(user.email, context.address);
    if (wait > 0) throw new ApiError("too_many_attempts", undefined, { retryAfterSeconds: wait });
    const matched = matchingTotpStep(openTotpSecret(pendingTotp, user.email, env().mfaEncryptionKey), code, Date.now());
    if (matched === null) {
      await codes.failed(user.email, context.address);
      throw new ApiError("invalid_code");
    }
    await codes.succeeded(user.email, context.address);
    return matched;
  });
  const recoveryCodes = newRecoveryCodes();
  const saved = await saveEnrolment(
    db(),
    user.email,
    { sealedSecret: row.pendingTotp, usedStep: step, recoveryHashes: recoveryCodes.map(recoveryCodeHash) },
    { replace: false },
  );
  if (!saved) throw new ApiError("forbidden", "A second factor is already enrolled.");
  // The factor is saved whatever becomes of the session: if it ended meanwhile, the recovery codes
  // are still shown once, and the next page asks for a sign-in.
  // Password and code given: this browser is the account's (device-cookie.ts).
  if (await activateSession(row)) await issueDeviceCookie(user);
  await recordAudit({
    actor: { kind: "staff", id: user.email, email: user.email, role: user.role },
    action: "second_factor.enrol",
    targetIds: [user.email],
    requestId: context.requestId,
    clientAddress: context.address,
    result: "ok",
  });
  const dto: EnrolledDto = { recoveryCodes, redirectTo: safeReturnTo(returnTo) };
  return dto;
}
