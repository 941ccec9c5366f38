import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cookies } from "next/headers";
import { db } from "./db/app";
import { env } from "./env";
import { sealedTotpSecret } from "./second-factor/second-factor-store";
import { createThrottle, type Throttle } from "./throttle";
import type { StaffUser } from "./users";

// The device cookie (OWASP's defence against online guessing; issue 54): past an account's daily
// ceiling of wrong passwords, only a browser that signed in before (password and code) gets through,
// under a cap of its own. Signed with a key from SESSION_SECRET; a stamp of the password hash and
// factor retires it when either changes. Nothing stored; path: the sign-in route (docs/decisions/0124).

const LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Wrong passwords with one device cookie in a day before it stops counting (the owner mistypes; a thief with the browser guesses). */
const DEVICE_FAILURES = 10;
const DAY_SECONDS = 24 * 60 * 60;
const PATH = "/api/auth/sign-in";

const cookieName = () => (env().secureCookies ? "__Secure-merchant-console-device" : "merchant-console-device");
const signingKey = () => createHmac("sha256", env().sessionSecret).update("merchant-console device cookie").digest();
const mac = (payload: string) => createHmac("sha256", signingKey()).update(payload).digest();

type DeviceClaims = { e: string; d: string; x: number; s: string };

/** What a password or factor change changes: a hash of the password hash and the sealed TOTP secret. */
async function credentialStamp(user: Pick<StaffUser, "email" | "passwordHash">): Promise<string> {
  const factor = (await sealedTotpSecret(db(), user.email)) ?? "";
  return createHash("sha256").update(`${user.passwordHash}\n${factor}`).digest("base64url").slice(0, 22);
}

let failures: Throttle | undefined;
const deviceFailures = () =>
  (failures ??= createThrottle(db(), {
    scope: "password:device",
    maxAttempts: DEVICE_FAILURES,
    windowSeconds: DAY_SECONDS,
    baseLockoutSeconds: DAY_SECONDS,
  }));

/** After password and code: this browser is the account's for the next 30 days. */
export async function issueDeviceCookie(user: Pick<StaffUser, "email" | "passwordHash">, now = Date.now()): Promise<void> {
  const claims: DeviceClaims = {
    e: user.email,
    d: randomBytes(16).toString("base64url"),
    x: now + LIFETIME_MS,
    s: await credentialStamp(user),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  (await cookies()).set(cookieName(), `${payload}.${mac(payload).toString("base64url")}`, {
    httpOnly: true,
    sameSite: "strict",
    secure: env().secureCookies,
    path: PATH,
    maxAge: LIFETIME_MS / 1000,
  });
}

function readClaims(value: string | undefined, now: number): DeviceClaims | undefined {
  const [payload, signature, extra] = (value ?? "").split(".");
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = mac(payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<DeviceClaims>;
    const valid =
      typeof claims.e === "string" && typeof claims.d === "string" && typeof claims.s === "string" && typeof claims.x === "number";
    return valid && claims.x! > now ? (claims as DeviceClaims) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This browser's device id for `user`, when its cookie is signed, unexpired, the account's, from
 * before no password or factor change, and under its own failure cap; else undefined (the caller
 * is a stranger to the account, in the shared bucket).
 */
export async function trustedDevice(user: StaffUser | undefined, now = Date.now()): Promise<string | undefined> {
  if (!user) return undefined;
  const claims = readClaims((await cookies()).get(cookieName())?.value, now);
  if (!claims || claims.e !== user.email || claims.s !== (await credentialStamp(user))) return undefined;
  return (await deviceFailures().retryAfter(claims.d)) > 0 ? undefined : claims.d;
}

/** A wrong password from a trusted device: counted against that device, not the account's shared ceiling. */
export async function deviceFailed(device: string): Promise<void> {
  await deviceFailures().recordFailure(device);
}
