import "server-only";
import { getIronSession, type IronSession, type SessionOptions } from "iron-session";
import { cookies } from "next/headers";
import type { Environment } from "@/lib/rails";
import { env } from "./env";

// The sealed cookie itself: options, the stored shape and the expiry rules.
// Who the user is and what they may do is decided in session.ts.

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** Re-sealing on every request would send a Set-Cookie each time; a minute's slack costs nothing. */
export const REFRESH_AFTER_MS = 60 * 1000;

export type SessionData = {
  email: string;
  sessionVersion: number;
  mode: Environment;
  issuedAt: number;
  lastSeenAt: number;
};

export type SessionExpiry = "active" | "idle" | "absolute";

/** Pure so it can be tested with any clock. */
export function sessionExpiry(data: Pick<SessionData, "issuedAt" | "lastSeenAt">, now: number): SessionExpiry {
  if (now - data.issuedAt >= ABSOLUTE_LIFETIME_MS) return "absolute";
  if (now - data.lastSeenAt >= IDLE_TIMEOUT_MS) return "idle";
  return "active";
}

export function isSessionData(value: Partial<SessionData>): value is SessionData {
  return (
    typeof value.email === "string" &&
    typeof value.sessionVersion === "number" &&
    (value.mode === "test" || value.mode === "live") &&
    typeof value.issuedAt === "number" &&
    typeof value.lastSeenAt === "number"
  );
}

function sessionOptions(): SessionOptions {
  const { sessionSecret, secureCookies } = env();
  return {
    // __Host- demands Secure, Path=/ and no Domain, which pins the cookie to this exact origin.
    cookieName: secureCookies ? "__Host-merchant-console" : "merchant-console",
    password: sessionSecret,
    // The seal outlives nothing: the absolute lifetime is also checked from issuedAt.
    ttl: ABSOLUTE_LIFETIME_MS / 1000,
    cookieOptions: { httpOnly: true, sameSite: "lax", path: "/", secure: secureCookies },
  };
}

export type SessionCookie = IronSession<Partial<SessionData>>;

export async function openSessionCookie(): Promise<SessionCookie> {
  // Next 16's cookie store is structurally compatible with iron-session's CookieStore but typed differently (hence `as never`).
  const store = await cookies();
  const options = sessionOptions();
  try {
    return await getIronSession<Partial<SessionData>>(store as never, options);
  } catch {
    // iron-session rethrows some unseal failures ("Wrong mac prefix", "Invalid expiration"):
    // a tampered, garbled or foreign cookie is no session, never a 500. Open an empty one
    // instead, as if the cookie were absent (the fuzz of issue 15 found this).
    return getIronSession<Partial<SessionData>>(withoutCookie(store, options.cookieName) as never, options);
  }
}

/** The same store, but reading `name` finds nothing; writes still go to the real store. */
function withoutCookie<S extends { get(name: string): unknown }>(store: S, name: string): S {
  return new Proxy(store, {
    get(target, property) {
      if (property === "get") return (cookie: string) => (cookie === name ? undefined : target.get(cookie));
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Writing cookies is allowed in route handlers and server actions only. A page
 * render that finds a stale cookie leaves it alone; the next BFF call clears it.
 */
export async function tryWrite(write: () => unknown): Promise<void> {
  try {
    await write();
  } catch {
    // Read-only cookie store (Server Component render): nothing to do.
  }
}
