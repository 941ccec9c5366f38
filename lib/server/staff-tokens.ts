import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import { isRole, type Role } from "@/lib/permissions";
import type { Database, StaffTokensTable } from "./db/schema";
import { inTransaction } from "./db/in-transaction";
import { addUser, checkedEmail, displayName, findUser, normalizeEmail, setPassword, UserStoreError, type StaffUser } from "./users";

// Invitations and password-reset links (staff_tokens, migration 0023; issue 58). Shared by the
// /staff page and the users CLI. A link carries 32 random bytes; the table keeps only their
// SHA-256, so a copy of the database opens no account. Each link is used once (one conditional
// UPDATE takes it: two browsers racing get one success), expires (INVITE_TTL_HOURS, a reset link
// RESET_TTL_HOURS), and an admin can withdraw it. An invitation made without email for a
// privileged role waits for a second admin, who gets the only usable link (the inviter never sees one).

type Db = Kysely<Database>;
export type TokenKind = StaffTokensTable["kind"];
type TokenRow = Selectable<StaffTokensTable>;

/** Why a link cannot be used, in the words the page shows. */
export type TokenProblem = "unknown" | "expired" | "used" | "revoked" | "unconfirmed";

const PROBLEM_TEXT: Record<TokenProblem, string> = {
  unknown: "This link is not valid. Check that it was copied whole, or ask an admin for a new one.",
  expired: "This link has expired. Ask an admin for a new one.",
  used: "This link has been used already, so it cannot be used again. Sign in, or ask an admin for a new link.",
  revoked: "This link was withdrawn by an admin. Ask an admin for a new one.",
  unconfirmed: "This invitation is waiting for a second admin to confirm it. Ask an admin to confirm it.",
};

/** A link that cannot be used: `problem` says why, the message says it in plain words. */
export class StaffTokenError extends UserStoreError {
  constructor(readonly problem: TokenProblem) {
    super(PROBLEM_TEXT[problem]);
  }
}

/** The token's stored form. */
const tokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
/** A link's token: 32 random bytes, base64url (43 characters). */
const newToken = () => randomBytes(32).toString("base64url");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function problemOf(row: TokenRow | undefined, now: Date): TokenProblem | null {
  if (!row) return "unknown";
  if (row.revoked_at) return "revoked";
  if (row.used_at) return "used";
  if (row.expires_at <= now) return "expired";
  if (row.needs_confirmation && !row.confirmed_at) return "unconfirmed";
  return null;
}

async function rowOf(db: Db, token: string, kind: TokenKind): Promise<TokenRow | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  return db.selectFrom("staff_tokens").selectAll().where("token_hash", "=", tokenHash(token)).where("kind", "=", kind).executeTakeFirst();
}

const dbNow = async (db: Db) => (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0]!.now;

export type LinkDetails = { email: string; name: string | null; role: Role | null; expiresAt: Date };

/** What a link's page shows before the password is typed; throws StaffTokenError when it cannot be used. */
export async function inspectToken(db: Db, token: string, kind: TokenKind): Promise<LinkDetails> {
  const row = await rowOf(db, token, kind);
  const problem = problemOf(row, await dbNow(db));
  if (problem || !row) throw new StaffTokenError(problem ?? "unknown");
  return { email: row.email, name: row.name, role: isRole(row.role) ? row.role : null, expiresAt: row.expires_at };
}

/**
 * Takes the link in one conditional statement: unused, not withdrawn, not expired, confirmed where
 * it must be. Run inside the transaction of what the link does, so a refused password leaves it unused.
 */
async function consume(trx: Db, token: string, kind: TokenKind): Promise<TokenRow> {
  const taken = TOKEN_SHAPE.test(token)
    ? await trx
        .updateTable("staff_tokens")
        .set({ used_at: sql<Date>`now()` })
        .where("token_hash", "=", tokenHash(token))
        .where("kind", "=", kind)
        .where("used_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", sql<Date>`now()`)
        .where((eb) => eb.or([eb("needs_confirmation", "=", false), eb("confirmed_at", "is not", null)]))
        .returningAll()
        .executeTakeFirst()
    : undefined;
  if (taken) return taken;
  throw new StaffTokenError(problemOf(await rowOf(trx, token, kind), await dbNow(trx)) ?? "used");
}

const expiry = (ttlHours: number) => sql<Date>`now() + make_interval(hours => ${ttlHours}::int)`;

export type NewInvitation = { id: string; email: string; name: string; role: Role; token: string | null; needsConfirmation: boolean };

/**
 * An invitation. `delivery`: "email" (the caller sends the link, and may show it to no one),
 * "shown" (the link is answered once to the inviting admin) or "confirm" (a privileged role
 * without email: no usable link until a second admin confirms, `token` is null).
 */
export async function createInvitation(
  db: Db,
  input: { email: string; name: string; role: string; createdBy: string; delivery: "email" | "shown" | "confirm"; ttlHours: number },
): Promise<NewInvitation> {
  const email = checkedEmail(input.email);
  const name = displayName(input.name, email);
  if (!isRole(input.role)) throw new UserStoreError(`There is no role "${input.role}".`);
  const role = input.role;
  if (await findUser(db, email)) throw new UserStoreError(`${email} already has an account.`);
  const token = newToken();
  const needsConfirmation = input.delivery === "confirm";
  return inTransaction(db, async (trx) => {
    // An expired invitation no longer blocks a new one.
    await trx
      .updateTable("staff_tokens")
      .set({ revoked_at: sql<Date>`now()`, revoked_by: input.createdBy })
      .where("email", "=", email)
      .where("kind", "=", "invite")
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .where("expires_at", "<=", sql<Date>`now()`)
      .execute();
    const row = await trx
      .insertInto("staff_tokens")
      .values({
        kind: "invite",
        token_hash: tokenHash(token),
        email,
        name,
        role,
        created_by: input.createdBy,
        expires_at: expiry(input.ttlHours),
        needs_confirmation: needsConfirmation,
        emailed: input.delivery === "email",
      })
      .onConflict((oc) =>
        oc.column("email").where("kind", "=", "invite").where("used_at", "is", null).where("revoked_at", "is", null).doNothing(),
      )
      .returning("id")
      .executeTakeFirst();
    if (!row) throw new UserStoreError(`${email} has an open invitation already: withdraw it first to send a new one.`);
    return { id: row.id, email, name, role, token: needsConfirmation ? null : token, needsConfirmation };
  });
}

/**
 * A second admin confirms an invitation that waits for one: a new token replaces the one never
 * shown, and is answered to this admin once. The inviting admin cannot confirm their own.
 */
export async function confirmInvitation(db: Db, id: string, confirmedBy: string, ttlHours: number): Promise<NewInvitation> {
  const row = await db.selectFrom("staff_tokens").selectAll().where("id", "=", id).where("kind", "=", "invite").executeTakeFirst();
  if (!row) throw new UserStoreError("There is no such invitation.");
  if (row.created_by === confirmedBy) throw new UserStoreError("Another admin must confirm this invitation: you made it.");
  if (!row.needs_confirmation) throw new UserStoreError("This invitation needs no confirmation.");
  const token = newToken();
  const confirmed = await db
    .updateTable("staff_tokens")
    .set({ token_hash: tokenHash(token), confirmed_by: confirmedBy, confirmed_at: sql<Date>`now()`, expires_at: expiry(ttlHours) })
    .where("id", "=", id)
    .where("confirmed_at", "is", null)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (!confirmed) throw new UserStoreError(row.confirmed_at ? "This invitation was confirmed already." : PROBLEM_TEXT.revoked);
  return {
    id,
    email: confirmed.email,
    name: confirmed.name ?? confirmed.email,
    role: isRole(confirmed.role) ? confirmed.role : "viewer",
    token,
    needsConfirmation: false,
  };
}

/** Withdraws an open invitation or reset link; answers its email. */
export async function revokeToken(db: Db, id: string, revokedBy: string): Promise<{ email: string; kind: TokenKind }> {
  const row = await db
    .updateTable("staff_tokens")
    .set({ revoked_at: sql<Date>`now()`, revoked_by: revokedBy })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .returning(["email", "kind"])
    .executeTakeFirst();
  if (!row) throw new UserStoreError("This link is used, withdrawn or unknown already.");
  return row;
}

/** The invitee sets their password: the account is made (invited_by: the inviting admin) and the link is spent, together. */
export function acceptInvitation(db: Db, token: string, password: string): Promise<StaffUser> {
  return inTransaction(db, async (trx) => {
    const row = await consume(trx, token, "invite");
    if (!isRole(row.role) || row.name === null) throw new StaffTokenError("unknown");
    return addUser(trx, { email: row.email, name: row.name, role: row.role, password, invitedBy: row.created_by });
  });
}

/** A password-reset link for an active account; earlier open ones are withdrawn. Answers the token. */
export async function createResetLink(
  db: Db,
  input: { email: string; createdBy: string; ttlHours: number; emailed: boolean },
): Promise<{ id: string; token: string; user: StaffUser }> {
  const email = normalizeEmail(input.email);
  const token = newToken();
  return inTransaction(db, async (trx) => {
    const account = await trx.selectFrom("staff_users").select(["status"]).where("email", "=", email).executeTakeFirst();
    if (!account) throw new UserStoreError(`No user ${email}.`);
    if (account.status !== "active")
      throw new UserStoreError(`${email} is deactivated: reactivate the account before sending a password reset.`);
    await trx
      .updateTable("staff_tokens")
      .set({ revoked_at: sql<Date>`now()`, revoked_by: input.createdBy })
      .where("email", "=", email)
      .where("kind", "=", "reset")
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    const row = await trx
      .insertInto("staff_tokens")
      .values({
        kind: "reset",
        token_hash: tokenHash(token),
        email,
        created_by: input.createdBy,
        expires_at: expiry(input.ttlHours),
        emailed: input.emailed,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const user = await findUser(trx, email);
    if (!user) throw new UserStoreError(`No user ${email}.`);
    return { id: row.id, token, user };
  });
}

/**
 * A new password through a reset link: the link is spent and the password set together; every
 * session of the account ends (setPassword bumps its session version). A deactivated account's
 * link is refused.
 */
export function resetPasswordWithToken(db: Db, token: string, password: string): Promise<StaffUser> {
  return inTransaction(db, async (trx) => {
    const row = await consume(trx, token, "reset");
    const account = await trx.selectFrom("staff_users").select("status").where("email", "=", row.email).executeTakeFirst();
    if (account?.status !== "active") throw new UserStoreError("This account is deactivated: ask an admin.");
    return setPassword(trx, row.email, password);
  });
}
