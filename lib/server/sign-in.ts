import "server-only";
import type { RedirectDto, SignInInput } from "@/lib/contracts/auth";
import { ApiError } from "./api-error";
import { clientAddress } from "./client-address";
import { db } from "./db/app";
import { env } from "./env";
import { decoyHash, verifyPassword } from "./password";
import { safeReturnTo } from "./return-to";
import { startSession } from "./session";
import { createThrottle, type Throttle } from "./throttle";
import { findUser, normalizeEmail } from "./users";

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
export async function signIn(input: SignInInput, headers: Headers): Promise<RedirectDto> {
  const { email: byEmail, address: byAddress } = signInThrottles();
  const email = normalizeEmail(input.email);
  const address = clientAddress(headers);
  const wait = Math.max(...(await Promise.all([byEmail.retryAfter(email), byAddress.retryAfter(address)])));
  if (wait > 0) throw new ApiError("too_many_attempts", undefined, { retryAfterSeconds: wait });

  const user = await findUser(db(), email);
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !matches) {
    await Promise.all([byEmail.recordFailure(email), byAddress.recordFailure(address)]);
    throw new ApiError("invalid_credentials");
  }
  // Only the account's counter resets: one valid account must not clear an address that is guessing others.
  await byEmail.reset(email);
  await startSession(user);
  return { redirectTo: safeReturnTo(input.returnTo) };
}
