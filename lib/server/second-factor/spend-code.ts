import "server-only";
import { ApiError } from "../api-error";
import { recordAudit } from "../audit/app";
import { db } from "../db/app";
import { env } from "../env";
import { sessions } from "../session";
import { logger } from "../logger";
import { attemptThrottle, auditsThrottledTry } from "../sign-in-throttle";
import type { StaffUser } from "../users";
import { checkSecondFactor, type SecondFactorCheck } from "./check";
import { CODE_FAILURE_CEILING, codeStepOpened, codeStepState, recordRightCode, recordWrongCode } from "./code-failures";
import { looksLikeRecoveryCode } from "./recovery-codes";

const FACTOR_UNREADABLE =
  "Codes from your authenticator app cannot be checked: the dashboard's encryption key was changed. Use a recovery code, or ask an administrator to reset your second factor, then set up your app again.";

/**
 * Every result a code step records in the audit trail (features/audit/components/labels.ts says each in words).
 * @internal
 */
export const CODE_STEP_RESULTS = ["ok", "invalid_code", "too_many_attempts", "factor_unreadable", "session_ended", "code_blocked"] as const;
type CodeStepResult = (typeof CODE_STEP_RESULTS)[number];

/**
 * The answer to every code once the account's code step is blocked (second-factor/code-failures.ts).
 * @internal
 */
export const CODE_STEP_BLOCKED =
  "Codes are not accepted for this account: 100 wrong codes were typed in a row. Ask an administrator to set a new password for it; then sign in with that password and one of your recovery codes.";

/** After the block and a new password, the sign-in takes a recovery code only. */
const RECOVERY_CODE_NEEDED =
  "Use one of your recovery codes: after the wrong codes typed at this account, its next sign-in takes a recovery code, not a code from your app.";

/**
 * The answer to the step-up code that ends its session (spendCode says why).
 * @internal
 */
export const STEP_UP_SESSION_ENDED =
  "Too many wrong codes: this session was signed out. Sign in again with your password and a code from your app.";

export type CodeUse = {
  user: Pick<StaffUser, "email" | "role">;
  /**
   * A step-up's session: its wrong codes count against that session, not the account. The account's
   * code limit guards the sign-in's code step, which needs the password first; a step-up needs only
   * the cookie, and a copied cookie's guesses held the owner at the code step of every sign-in.
   */
  sessionId?: string;
  code: string;
  address: string;
  requestId: string;
  environment: "test" | "live" | null;
};

/**
 * A code typed for sign-in or step-up: throttled like passwords (lib/server/sign-in-throttle.ts),
 * checked and spent once, and recorded in the audit trail either way (never the code). A wrong,
 * reused or malformed code is 400 invalid_code; too many of them, 429.
 */
export async function spendCode(
  action: "sign_in.second_factor" | "step_up",
  use: CodeUse,
): Promise<Exclude<SecondFactorCheck, "wrong" | "unreadable">> {
  const { user, address, requestId } = use;
  const counted = use.sessionId === undefined ? user.email : `session:${use.sessionId}`;
  const audit = (result: CodeStepResult, details: Record<string, string> = {}) =>
    recordAudit({
      actor: { kind: "staff", id: user.email, email: user.email, role: user.role },
      environment: use.environment,
      action,
      requestId,
      clientAddress: address,
      result,
      details,
    });
  const codes = attemptThrottle("code");
  /**
   * A step-up's session at its code ceiling: the wrong code that reached it ended the session
   * (below). Tries already queued behind that code are told so, not to try again later.
   */
  const endedByCeiling = async (ceiling: number) => {
    if (use.sessionId === undefined || ceiling === 0) return false;
    await sessions().delete(use.sessionId);
    return true;
  };
  let reopened = false;
  const result = await codes.exclusive(counted, address, async () => {
    const state = await codeStepState(db(), user.email);
    if (state === "blocked") {
      if (auditsThrottledTry("code", address)) await audit("code_blocked");
      throw new ApiError("forbidden", CODE_STEP_BLOCKED);
    }
    if (state === "recovery_only" && !looksLikeRecoveryCode(use.code)) throw new ApiError("invalid_code", RECOVERY_CODE_NEEDED);
    const { slowed, ceiling } = await codes.waits(counted, address);
    if (await endedByCeiling(ceiling)) throw new ApiError("unauthenticated", STEP_UP_SESSION_ENDED);
    const wait = Math.max(slowed, ceiling);
    if (wait > 0) {
      if (auditsThrottledTry("code", address)) await audit("too_many_attempts");
      throw new ApiError("too_many_attempts", undefined, { retryAfterSeconds: wait });
    }
    const checked = await checkSecondFactor(db(), user.email, use.code, { encryptionKey: env().mfaEncryptionKey });
    if (checked === "unreadable") {
      // Not counted against the person: the dashboard's key changed, and no code of theirs can be right.
      logger.error("second factor unreadable: MFA_ENCRYPTION_KEY does not open a stored TOTP secret", { action });
      await audit("factor_unreadable");
      throw new ApiError("invalid_code", FACTOR_UNREADABLE);
    }
    if (checked === "wrong") {
      await codes.failed(counted, address);
      if (await recordWrongCode(db(), user.email)) {
        await audit("code_blocked", { consecutiveWrongCodes: String(CODE_FAILURE_CEILING) });
        throw new ApiError("forbidden", CODE_STEP_BLOCKED);
      }
      // A step-up needs only the cookie. The session's code ceiling (10 wrong codes in the window)
      // is where guessing would go on, slowed but not stopped, for as long as a copied cookie lives:
      // the session ends instead, and only the password (and a code) opens a new one.
      if (await endedByCeiling((await codes.waits(counted, address)).ceiling)) {
        await audit("session_ended");
        throw new ApiError("unauthenticated", STEP_UP_SESSION_ENDED);
      }
      await audit("invalid_code");
      throw new ApiError("invalid_code");
    }
    await codes.succeeded(counted, address);
    reopened = state === "recovery_only";
    if (reopened) await codeStepOpened(db(), user.email);
    else await recordRightCode(db(), user.email);
    // Only the factor's holder gives a right code: the session's count starts again, so what ends a
    // session is ten wrong codes with no right one between them, not ten mistypes over a day's work.
    if (use.sessionId !== undefined) await codes.forgetCeiling(counted);
    return checked;
  });
  // The trail says when a blocked code step was opened again (by a recovery code after a new password).
  await audit("ok", reopened ? { method: result, codeStepReopened: "true" } : { method: result });
  return result;
}
