import "server-only";
import type { RedirectDto, SignInInput } from "@/lib/contracts/auth";
import { ApiError } from "./api-error";
import { recordAudit } from "./audit/app";
import { typedEmailHmac } from "./audit/redact";
import { clientAddress } from "./client-address";
import { db } from "./db/app";
import { env } from "./env";
import { decoyHash, verifyPassword } from "./password";
import { safeReturnTo } from "./return-to";
import { startSession } from "./session";
import { createThrottle, type Throttle } from "./throttle";
import { findUser, normalizeEmail, type StaffUser } from "./users";

let throttles: { email: Throttle; address: Throttle } | undefined;

function signInThrottles() {
  const { maxAttemptsPerEmail, maxAttemptsPerIp, windowSeconds } = env().signIn;
  throttles ??= {
    email: createThrottle(db(), { scope: "email", maxAttempts: maxAttemptsPerEmail, windowSeconds }),
    address: createThrottle(db(), { scope: "address", maxAttempts: maxAttemptsPerIp, windowSeconds }),
  };
  return throttles;
}

/**
 * Checks the throttle first, then the password. A wrong email and a wrong
 * password give the same error after the same scrypt work.
 */
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

export async function signIn(input: SignInInput, headers: Headers, requestId: string): Promise<RedirectDto> {
  const { email: byEmail, address: byAddress } = signInThrottles();
  const email = normalizeEmail(input.email);
  const address = clientAddress(headers);
  const wait = Math.max(...(await Promise.all([byEmail.retryAfter(email), byAddress.retryAfter(address)])));
  const user = await findUser(db(), email);
  if (wait > 0) {
    await auditSignIn("too_many_attempts", user, input.email, address, requestId);
    throw new ApiError("too_many_attempts", undefined, { retryAfterSeconds: wait });
  }

  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !matches) {
    await Promise.all([byEmail.recordFailure(email), byAddress.recordFailure(address)]);
    await auditSignIn("invalid_credentials", user, input.email, address, requestId);
    throw new ApiError("invalid_credentials");
  }
  // Only the account's counter resets: one valid account must not clear an address that is guessing others.
  await byEmail.reset(email);
  await startSession(user);
  await auditSignIn("ok", user, input.email, address, requestId);
  return { redirectTo: safeReturnTo(input.returnTo) };
}
