import "server-only";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { can, type Permission, type Role } from "@/lib/permissions";
import type { Environment } from "@/lib/rails";
import { db } from "./db/app";
import { env } from "./env";
import { openSessionCookie, REFRESH_AFTER_MS, sessionExpiry, tryWrite, isSessionData, type SessionCookie } from "./session-cookie";
import { findUser, type StaffUser } from "./users";
import { safeReturnTo } from "./return-to";

// Who is signed in. The cookie only says who the user was when they signed in;
// the account is read from the database on every request, so a removed user, a new
// role or a bumped sessionVersion takes effect at once, on every instance. That read
// comes before anything else a signed-in route does: with the database unreachable it
// throws, and the route answers 503 database_unavailable before any upstream call.

export type CurrentSession = {
  user: { email: string; name: string; role: Role };
  mode: Environment;
  modes: Environment[];
};

/** Test when configured, else live. */
export function defaultMode(): Environment {
  const [first] = env().modes;
  if (!first) throw new Error("No payments environment is configured"); // env() already refuses this
  return first;
}

async function resolve(cookie: SessionCookie): Promise<{ session: CurrentSession; user: StaffUser } | null> {
  const data = { ...cookie };
  if (!isSessionData(data)) return null;
  const now = Date.now();
  const user = sessionExpiry(data, now) === "active" ? await findUser(db(), data.email) : undefined;
  if (!user || user.sessionVersion !== data.sessionVersion) {
    await tryWrite(() => cookie.destroy());
    return null;
  }
  const modes = env().modes;
  // A mode removed from the configuration since sign-in falls back rather than failing every call.
  const mode = modes.includes(data.mode) ? data.mode : defaultMode();
  if (now - data.lastSeenAt >= REFRESH_AFTER_MS || mode !== data.mode) {
    cookie.lastSeenAt = now; // sliding idle timeout
    cookie.mode = mode;
    await tryWrite(() => cookie.save());
  }
  return { session: { user: { email: user.email, name: user.name, role: user.role }, mode, modes }, user };
}

/** The signed-in staff member, or null. Cached per request so layout and page share one read. */
export const getCurrentSession = cache(async (): Promise<CurrentSession | null> => {
  return (await resolve(await openSessionCookie()))?.session ?? null;
});

/**
 * For pages: signed out → /sign-in?returnTo=…; signed in without the permission
 * → notFound() (the 404 page; pages a role may not use are not advertised,
 * and forbidden() would need the experimental authInterrupts flag).
 */
export async function requirePageSession(permission?: Permission, returnTo = "/"): Promise<CurrentSession> {
  const session = await getCurrentSession();
  if (!session) redirect(`/sign-in?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`);
  if (permission && !can(session.user.role, permission)) notFound();
  return session;
}

export async function startSession(user: StaffUser): Promise<void> {
  const cookie = await openSessionCookie();
  const now = Date.now();
  Object.assign(cookie, { email: user.email, sessionVersion: user.sessionVersion, mode: defaultMode(), issuedAt: now, lastSeenAt: now });
  await cookie.save();
}

export async function endSession(): Promise<void> {
  (await openSessionCookie()).destroy();
}

export async function setSessionMode(mode: Environment): Promise<void> {
  const cookie = await openSessionCookie();
  cookie.mode = mode;
  cookie.lastSeenAt = Date.now();
  await cookie.save();
}
