import "server-only";
import { getIronSession, type IronSession, type SessionOptions } from "iron-session";
import { cookies } from "next/headers";
import { env } from "./env";

// The sealed cookie itself. It carries one thing: the secret naming a row of staff_sessions
// (lib/server/sessions/session-store.ts), where the session, its times and its limits live. A cookie
// sealed with the right password but holding anything else (an old email-and-times cookie,
// a made-up issuedAt) names no row and is no session.

type SessionCookieData = { secret: string };

/** iron-session's own expiry of the seal; the row's limits are what count. */
const SEAL_TTL_SECONDS = 12 * 60 * 60;

function sessionOptions(): SessionOptions {
  const { sessionSecret, secureCookies } = env();
  return {
    // __Host- demands Secure, Path=/ and no Domain, which pins the cookie to this exact origin.
    cookieName: secureCookies ? "__Host-merchant-console" : "merchant-console",
    password: sessionSecret,
    ttl: SEAL_TTL_SECONDS,
    cookieOptions: { httpOnly: true, sameSite: "lax", path: "/", secure: secureCookies },
  };
}

export type SessionCookie = IronSession<Partial<SessionCookieData>>;

export async function openSessionCookie(): Promise<SessionCookie> {
  // Next 16's cookie store is structurally compatible with iron-session's CookieStore but typed differently (hence `as never`).
  const store = await cookies();
  const options = sessionOptions();
  try {
    return await getIronSession<Partial<SessionCookieData>>(store as never, options);
  } catch {
    // iron-session rethrows some unseal failures ("Wrong mac prefix", "Invalid expiration"):
    // a tampered, garbled or foreign cookie is no session, never a 500. Open an empty one
    // instead, as if the cookie were absent (the fuzz of issue 15 found this).
    return getIronSession<Partial<SessionCookieData>>(withoutCookie(store, options.cookieName) as never, options);
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
