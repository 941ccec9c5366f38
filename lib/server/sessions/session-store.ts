import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Environment } from "@/lib/rails";
import type { Database, StaffSessionsTable } from "../db/schema";

// Server-side sessions (staff_sessions, migration 0009). The cookie holds a random secret
// and nothing else; the row, found by the secret's SHA-256, is the session. Its limits are
// checked against its own times: idle after IDLE_TIMEOUT_MS without use, over after
// ABSOLUTE_LIFETIME_MS whatever the use. Times are this process's clock (a few seconds of
// skew between instances is nothing against 30 minutes), which also lets tests move it.

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** Writing last_seen_at on every request would make every read a write; a minute's slack costs nothing. */
const TOUCH_AFTER_MS = 60 * 1000;

export type SessionStage = StaffSessionsTable["stage"];

export type SessionRow = {
  id: string;
  email: string;
  sessionVersion: number;
  stage: SessionStage;
  mode: Environment;
  createdAt: Date;
  lastSeenAt: Date;
  clientAddress: string;
  userAgent: string;
  secondFactorAt: Date | null;
  pendingTotp: string | null;
};

/**
 * A sign-in that still owes its code or its enrolment ends this long after its password step,
 * used or not. Such a session can enrol an authenticator without the password (the person has
 * just given it), so one left on a shared machine, its browser closed at the enrolment page,
 * must not be there for the next person for 30 minutes of idle time or 12 hours.
 * @internal
 */
export const SIGN_IN_STEP_LIFETIME_MS = 15 * 60 * 1000;

export type SessionExpiry = "active" | "idle" | "absolute" | "unfinished";

/** When the session ends if nobody uses it: idle, or at its absolute end if that comes first. */
export function sessionEndsAt(row: Pick<SessionRow, "createdAt" | "lastSeenAt">): Date {
  return new Date(Math.min(row.lastSeenAt.getTime() + IDLE_TIMEOUT_MS, row.createdAt.getTime() + ABSOLUTE_LIFETIME_MS));
}

/**
 * Pure so it can be tested with any clock.
 * @internal
 */
export function sessionExpiry(row: Pick<SessionRow, "createdAt" | "lastSeenAt" | "stage">, now: number): SessionExpiry {
  if (row.stage !== "active" && now - row.createdAt.getTime() >= SIGN_IN_STEP_LIFETIME_MS) return "unfinished";
  if (now - row.createdAt.getTime() >= ABSOLUTE_LIFETIME_MS) return "absolute";
  if (now - row.lastSeenAt.getTime() >= IDLE_TIMEOUT_MS) return "idle";
  return "active";
}

/** The cookie's secret: 32 random bytes. Anything else a cookie might carry finds no row. */
const newSessionSecret = () => randomBytes(32).toString("base64url");
const secretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");

const limit = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

type Db = Kysely<Database>;

function toSession(row: {
  id: string;
  user_email: string;
  session_version: number;
  stage: SessionStage;
  mode: Environment;
  created_at: Date;
  last_seen_at: Date;
  client_address: string;
  user_agent: string;
  second_factor_at: Date | null;
  pending_totp: string | null;
}): SessionRow {
  return {
    id: row.id,
    email: row.user_email,
    sessionVersion: row.session_version,
    stage: row.stage,
    mode: row.mode,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    clientAddress: row.client_address,
    userAgent: row.user_agent,
    secondFactorAt: row.second_factor_at,
    pendingTotp: row.pending_totp,
  };
}

export type NewSession = {
  email: string;
  sessionVersion: number;
  stage: SessionStage;
  mode: Environment;
  clientAddress: string;
  userAgent: string;
  /** Set when the sign-in itself checked a second factor. */
  secondFactorAt?: Date | null;
};

export function createSessionStore(db: Db, clock: () => number = () => Date.now()) {
  const now = () => new Date(clock());
  return {
    /** A new session; answers the secret for the cookie (the row keeps only its hash). */
    async create(input: NewSession): Promise<{ secret: string; id: string }> {
      const secret = newSessionSecret();
      const at = now();
      const { id } = await db
        .insertInto("staff_sessions")
        .values({
          secret_hash: secretHash(secret),
          user_email: input.email,
          session_version: input.sessionVersion,
          stage: input.stage,
          mode: input.mode,
          created_at: at,
          last_seen_at: at,
          client_address: limit(input.clientAddress, 100),
          user_agent: limit(input.userAgent, 300),
          second_factor_at: input.secondFactorAt ?? null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { secret, id };
    },

    /**
     * The session a cookie's secret names, if it is still within its limits. An expired row
     * is deleted on sight; a live one is touched (last_seen_at) at most once a minute, unless
     * `touch` is false: a read the browser sent on its own is not the person's use (issue 54).
     */
    async find(secret: string, { touch = true }: { touch?: boolean } = {}): Promise<SessionRow | undefined> {
      const hash = secretHash(secret);
      const row = await db.selectFrom("staff_sessions").selectAll().where("secret_hash", "=", hash).executeTakeFirst();
      if (!row) return undefined;
      const session = toSession(row);
      const at = clock();
      if (sessionExpiry(session, at) !== "active") {
        await db.deleteFrom("staff_sessions").where("id", "=", session.id).execute();
        return undefined;
      }
      if (touch && at - session.lastSeenAt.getTime() >= TOUCH_AFTER_MS) {
        session.lastSeenAt = new Date(at);
        await db.updateTable("staff_sessions").set({ last_seen_at: session.lastSeenAt }).where("id", "=", session.id).execute();
      }
      return session;
    },

    /** The row's other changes (its mode, a step-up, an enrolment's pending secret); becoming signed in is `activate`'s. */
    async update(id: string, change: Partial<{ mode: Environment; secondFactorAt: Date; pendingTotp: string | null }>): Promise<void> {
      await db
        .updateTable("staff_sessions")
        .set({
          ...(change.mode ? { mode: change.mode } : {}),
          ...(change.secondFactorAt ? { second_factor_at: change.secondFactorAt } : {}),
          ...(change.pendingTotp !== undefined ? { pending_totp: change.pendingTotp } : {}),
        })
        .where("id", "=", id)
        .execute();
    },

    /**
     * The sign-in's last step (its code, or its enrolment): the row becomes a signed-in session
     * under a new secret, which the caller puts in the cookie. The secret the browser held while it
     * owed a code is worth nothing afterwards, so a copy of it taken before the code (a shared
     * machine, a fixated cookie) never becomes a signed-in session. Undefined if the row is gone.
     */
    async activate(id: string, secondFactorAt: Date): Promise<string | undefined> {
      const secret = newSessionSecret();
      const row = await db
        .updateTable("staff_sessions")
        .set({ secret_hash: secretHash(secret), stage: "active", second_factor_at: secondFactorAt, pending_totp: null })
        .where("id", "=", id)
        .returning("id")
        .executeTakeFirst();
      return row ? secret : undefined;
    },

    /** Sign-out: the row goes, and with it every copy of the cookie. */
    async delete(id: string): Promise<void> {
      await db.deleteFrom("staff_sessions").where("id", "=", id).execute();
    },

    /**
     * /account: one's own sessions that are signed in and still live, most recently used first.
     * Not one waiting for its code or enrolment, and not one a role, password or factor change
     * ended (its version is behind the account's: session.ts refuses it at its next request).
     */
    async listFor(email: string): Promise<SessionRow[]> {
      const at = clock();
      const rows = await db
        .selectFrom("staff_sessions")
        .innerJoin("staff_users", (join) =>
          join
            .onRef("staff_users.email", "=", "staff_sessions.user_email")
            .onRef("staff_users.session_version", "=", "staff_sessions.session_version"),
        )
        .selectAll("staff_sessions")
        .where("staff_sessions.user_email", "=", email)
        .where("staff_sessions.stage", "=", "active")
        .where("staff_sessions.created_at", ">", new Date(at - ABSOLUTE_LIFETIME_MS))
        .where("staff_sessions.last_seen_at", ">", new Date(at - IDLE_TIMEOUT_MS))
        .orderBy("staff_sessions.last_seen_at", "desc")
        .execute();
      return rows.map(toSession);
    },

    /** Ends one of `email`'s own sessions; false when there is no such session of theirs. */
    async endFor(email: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom("staff_sessions").where("id", "=", id).where("user_email", "=", email).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Ends every one of `email`'s sessions but `keep` (this browser's); answers how many ended. */
    async endOthersFor(email: string, keep: string): Promise<number> {
      const result = await db.deleteFrom("staff_sessions").where("user_email", "=", email).where("id", "<>", keep).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The row a cookie's secret names, whatever its stage or age (a new sign-in replaces it). */
    async deleteBySecret(secret: string): Promise<void> {
      await db.deleteFrom("staff_sessions").where("secret_hash", "=", secretHash(secret)).execute();
    },

    /** Expired rows are dead weight; run at each sign-in (cheap: the last_seen_at index). */
    async pruneExpired(): Promise<void> {
      const at = clock();
      await db
        .deleteFrom("staff_sessions")
        .where((eb) =>
          eb.or([
            eb("last_seen_at", "<=", new Date(at - IDLE_TIMEOUT_MS)),
            eb("created_at", "<=", new Date(at - ABSOLUTE_LIFETIME_MS)),
            eb.and([eb("stage", "<>", "active"), eb("created_at", "<=", new Date(at - SIGN_IN_STEP_LIFETIME_MS))]),
          ]),
        )
        .execute();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
