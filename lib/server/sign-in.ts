import "server-only";
import type { RedirectDto, SignInInput } from "@/lib/contracts/auth";
import { requiresSecondFactor } from "@/lib/permissions";
import { ApiError } from "./api-error";
import { recordAudit } from "./audit/app";
import { typedEmailHmac } from "./audit/redact";
import { clientAddress } from "./client-address";
import { deviceFailed, issueDeviceCookie, trustedDevice } from "./device-cookie";
import { db } from "./db/app";
import { env } from "./env";
import { decoyHash, verifyPassword } from "./password";
import { safeReturnTo } from "./return-to";
import { looksLikeRecoveryCode } from "./second-factor/recovery-codes";
import { spendCode } from "./second-factor/spend-code";
import { hasSecondFactor } from "./second-factor/second-factor-store";
import { startSession } from "./session";
import type { SessionStage } from "./sessions/session-store";
import { attemptThrottle, auditsThrottledTry } from "./sign-in-throttle";
import { findActiveUser, normalizeEmail, type StaffUser } from "./users";

/**
 * A sign-in's audit entry. For an account that exists, its email is the target (the actor is
 * not signed in yet, unless it succeeded); for one that does not, only an HMAC of what was
 * typed is kept: people type passwords into the email box.
 */
async function auditSignIn(result: string, user: StaffUser | undefined, typed: string, address: string, requestId: string): Promise<void> {
  const known = user !== undefined;
  await recordAudit({
    actor: result === "ok" && user ? { kind: "staff", id: user.email, email: user.email, role: user.role } : { kind: "anonymous" },
    action: "sign_in",
    targetIds: known ? [user.email] : [],
    requestId,
    clientAddress: address,
    result,
    details: known ? {} : { typedEmailHmac: typedEmailHmac(typed, env().auditKey) },
  });
}

/** Where a right password leads: the code page, enrolment (for a role that must have a second factor), or in. */
const NEXT_STEP: Record<SessionStage, (returnTo: string) => string> = {
  second_factor: (returnTo) => `/sign-in/code?returnTo=${encodeURIComponent(returnTo)}`,
  enrol: (returnTo) => `/sign-in/enrol?returnTo=${encodeURIComponent(returnTo)}`,
  active: (returnTo) => returnTo,
};

/**
 * The password step: the throttle first (sign-in-throttle.ts, docs/decisions/0121, 0124), then the
 * password, a wrong email and a wrong password alike after the same scrypt work. A right one opens
 * a session in the stage the account calls for; with a recovery code it is signed in at once.
 */
export async function signIn(input: SignInInput, headers: Headers, requestId: string): Promise<RedirectDto> {
  const email = normalizeEmail(input.email);
  const address = clientAddress(headers);
  // A deactivated account is refused as an unknown one: same answer, same work.
  const user = await findActiveUser(db(), email);
  const enrolled = user ? await hasSecondFactor(db(), user.email) : false;
  const recoveryCode = input.recoveryCode?.trim();
  let recovered = false;
  const signedIn = await checkPassword(email, address, input.password, user, {
    device: await trustedDevice(user),
    secondProof:
      user && enrolled && recoveryCode
        ? async () => (recovered = await recoveryCodePasses(user, recoveryCode, address, requestId))
        : undefined,
    refused: (result) => auditSignIn(result, user, input.email, address, requestId),
  });
  // A role that moves money or changes access may not go on without a factor: it enrols first.
  const stage: SessionStage = recovered ? "active" : enrolled ? "second_factor" : requiresSecondFactor(signedIn.role) ? "enrol" : "active";
  await startSession(signedIn, {
    stage,
    clientAddress: address,
    userAgent: headers.get("user-agent") ?? "",
    secondFactorAt: recovered ? new Date() : null,
  });
  if (recovered) await issueDeviceCookie(signedIn);
  await auditSignIn(stage === "active" ? "ok" : `password_ok:${stage}`, signedIn, input.email, address, requestId);
  return { redirectTo: NEXT_STEP[stage](safeReturnTo(input.returnTo)) };
}

/** A recovery code typed with the password past the ceiling: spent through the code step's one rule; any refusal is just "no". */
async function recoveryCodePasses(user: StaffUser, code: string, address: string, requestId: string): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  try {
    await spendCode("sign_in.second_factor", { user, code, address, requestId, environment: null });
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

/**
 * A typed password under its throttle, one step per email and address: the wait, the scrypt check
 * (a decoy for an unknown email) and the record. Past the per-email ceiling every try gets the same
 * answer unless it comes from a trusted `device` or with a `secondProof` (docs/decisions/0113, 0124).
 */
export async function checkPassword(
  email: string,
  address: string,
  password: string,
  user: StaffUser | undefined,
  {
    device,
    secondProof,
    refused,
  }: {
    device?: string;
    secondProof?: () => Promise<boolean>;
    refused: (result: "too_many_attempts" | "invalid_credentials") => Promise<void>;
  },
): Promise<StaffUser> {
  const passwords = attemptThrottle("password");
  const tooMany = async (retryAfterSeconds: number, { checked }: { checked: boolean }) => {
    // A try refused unchecked reaches the trail once a minute per address (auditsThrottledTry).
    if (checked || auditsThrottledTry("password", address)) await refused("too_many_attempts");
    return new ApiError("too_many_attempts", undefined, { retryAfterSeconds });
  };
  return passwords.exclusive(email, address, async () => {
    const waits = await passwords.waits(email, address);
    const ceiling = device === undefined ? waits.ceiling : 0;
    if (waits.slowed > 0) throw await tooMany(Math.max(waits.slowed, ceiling), { checked: false });
    const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (ceiling > 0 && !(user && matches && secondProof && (await secondProof()))) {
      await passwords.failed(email, address, { againstCeiling: false });
      throw await tooMany(ceiling, { checked: true });
    }
    if (!user || !matches) {
      await passwords.failed(email, address, { againstCeiling: device === undefined });
      if (device !== undefined) await deviceFailed(device);
      await refused("invalid_credentials");
      throw new ApiError("invalid_credentials");
    }
    await passwords.succeeded(email, address);
    return user;
  });
}
