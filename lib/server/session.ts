import "server-only";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { can, requiresSecondFactor, type Permission, type Role } from "@/lib/permissions";
import type { Environment } from "@/lib/rails";
import { db } from "./db/app";
import { env } from "./env";
import { openSessionCookie, tryWrite, type SessionCookie } from "./session-cookie";
import { createSessionStore, sessionEndsAt, type SessionRow, type SessionStage, type SessionStore } from "./sessions/session-store";
import { findActiveUser, type StaffUser } from "./users";
import { safeReturnTo } from "./return-to";

// Who is signed in. The cookie names a server-side session (lib/server/sessions/session-store.ts),
// which holds the limits; the account is read from the database on every request, so a
// removed user, a new role or a bumped sessionVersion takes effect at once, on every
// instance. Those reads come before anything else a signed-in route does: with the database
// unreachable they throw, and the route answers 503 database_unavailable before any upstream call.

export type CurrentSession = {
  /** The session's public id (what /account shows and ends sessions by). */
  id: string;
  user: { email: string; name: string; role: Role };
  mode: Environment;
  modes: Environment[];
  /** When a second factor was last checked in this session (step-up looks at it). */
  secondFactorAt: Date | null;
  /** When it ends unless the person uses it (the idle warning counts down to it). */
  endsAt: Date;
};

let store: SessionStore | undefined;
export function sessions(): SessionStore {
  store ??= createSessionStore(db());
  return store;
}

/** Test when configured, else live. */
function defaultMode(): Environment {
  const [first] = env().modes;
  if (!first) throw new Error("No payments environment is configured"); // env() already refuses this
  return first;
}

type Resolved = { row: SessionRow; user: StaffUser; session: CurrentSession };

async function resolve(cookie: SessionCookie, touch: boolean): Promise<Resolved | null> {
  const secret = typeof cookie.secret === "string" ? cookie.secret : undefined;
  const row = secret ? await sessions().find(secret, { touch }) : undefined;
  const user = row ? await findActiveUser(db(), row.email) : undefined;
  // An active session that never checked a second factor, for a role that must have one,
  // predates that rule: it ends, and the next sign-in goes through enrolment.
  const unguarded = row?.stage === "active" && row.secondFactorAt === null && user !== undefined && requiresSecondFactor(user.role);
  if (!row || !user || user.sessionVersion !== row.sessionVersion || unguarded) {
    if (row) await sessions().delete(row.id);
    if (cookie.secret !== undefined || Object.keys(cookie).length > 0) await tryWrite(() => cookie.destroy());
    return null;
  }
  const modes = env().modes;
  // A mode removed from the configuration since sign-in falls back rather than failing every call.
  const mode = modes.includes(row.mode) ? row.mode : defaultMode();
  const session = {
    id: row.id,
    user: { email: user.email, name: user.name, role: user.role },
    mode,
    modes,
    secondFactorAt: row.secondFactorAt,
    endsAt: sessionEndsAt(row),
  };
  return { row, user, session };
}

/**
 * The cookie's session in whatever stage, cached per request (layout, page and route share one
 * read). `touch: false` for a read the browser marked as background (BACKGROUND_READ_HEADER).
 */
const currentSignIn = cache(async (touch: boolean = true): Promise<Resolved | null> => resolve(await openSessionCookie(), touch));

/** The signed-in staff member (a session past every sign-in step), or null. `touch: false`: not the person's use. */
export async function getCurrentSession({ touch = true }: { touch?: boolean } = {}): Promise<CurrentSession | null> {
  const resolved = await currentSignIn(touch);
  return resolved?.row.stage === "active" ? resolved.session : null;
}

/** The cookie's session whatever its stage, with its row and account: enrolment takes a pending or a signed-in one. */
export async function getAnySignIn(): Promise<{ row: SessionRow; user: StaffUser } | null> {
  return currentSignIn();
}

/** A sign-in still owing its second factor or its enrolment: only the two-factor routes take it. */
export async function getPendingSignIn(): Promise<{ row: SessionRow; user: StaffUser } | null> {
  const resolved = await currentSignIn();
  return resolved && resolved.row.stage !== "active" ? resolved : null;
}

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

export type SessionStart = { stage: SessionStage; clientAddress: string; userAgent: string; secondFactorAt?: Date | null };

/**
 * A new session row and a cookie naming it. The row the old cookie named goes first: the new
 * cookie replaces it in this browser, and left alive it would outlive this sign-in in any copy
 * taken of it (signing in again is how a person ends a session they suspect was copied).
 */
export async function startSession(user: StaffUser, start: SessionStart): Promise<void> {
  await sessions().pruneExpired();
  const cookie = await openSessionCookie();
  if (typeof cookie.secret === "string") await sessions().deleteBySecret(cookie.secret);
  // Test when configured, whatever was chosen before (issue 54): live is a switch made each time.
  const { secret } = await sessions().create({ email: user.email, sessionVersion: user.sessionVersion, mode: defaultMode(), ...start });
  cookie.secret = secret;
  await cookie.save();
  if (start.stage === "active") await noteSignedIn(user.email);
}

/** The staff list's "last sign-in": when a session of theirs last became signed in. */
async function noteSignedIn(email: string): Promise<void> {
  await db().updateTable("staff_users").set({ last_sign_in_at: new Date() }).where("email", "=", email).execute();
}

/**
 * A sign-in that has checked its second factor (the code step, or the enrolment's confirmation)
 * becomes a signed-in session under a new cookie secret (SessionStore.activate). False if its row
 * is gone meanwhile (signed out, or ended from another session).
 */
export async function activateSession(row: SessionRow): Promise<boolean> {
  const secret = await sessions().activate(row.id, new Date());
  if (!secret) return false;
  const cookie = await openSessionCookie();
  cookie.secret = secret;
  await cookie.save();
  await noteSignedIn(row.email);
  return true;
}

/** Sign-out: the row is deleted, so a copy of the cookie taken before is worth nothing. */
export async function endSession(): Promise<void> {
  const resolved = await currentSignIn();
  if (resolved) await sessions().delete(resolved.row.id);
  (await openSessionCookie()).destroy();
}

/** This session's mode; the next sign-in opens in test again (startSession). */
export async function setSessionMode(session: CurrentSession, mode: Environment): Promise<void> {
  await sessions().update(session.id, { mode });
}
