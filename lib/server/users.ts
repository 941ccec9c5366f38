import "server-only";
import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { Role } from "@/lib/permissions";
import type { Database } from "./db/schema";
import { normalizeEmail, toStaffUser, type StaffUser } from "./db/staff";
import { MAX_PASSWORD_LENGTH } from "@/lib/contracts/inputs/auth";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./password";
import { passwordWeakness } from "./password-strength";
import { notePasswordReset } from "./second-factor/code-failures";
import { inTransaction } from "./db/in-transaction";

// Staff accounts in Postgres (staff_users), shared by every instance of the app (read on
// every request, so a change made anywhere counts at once) and the `npm run users` CLI.
// Each change is one statement: no read-modify-write that two writers could interleave.

export { normalizeEmail, type StaffUser };

/** A refusal the CLI shows as it is: a duplicate, an unknown user, a weak password. */
export class UserStoreError extends Error {
  override name = "UserStoreError";
}

type Db = Kysely<Database>;

export async function listUsers(db: Db): Promise<StaffUser[]> {
  const rows = await db.selectFrom("staff_users").selectAll().orderBy("created_at").orderBy("email").execute();
  return rows.map(toStaffUser);
}

export async function findUser(db: Db, email: string): Promise<StaffUser | undefined> {
  const row = await db.selectFrom("staff_users").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
  return row && toStaffUser(row);
}

/** The account if it may be used: a deactivated one signs in and holds sessions as if it did not exist. */
export async function findActiveUser(db: Db, email: string): Promise<StaffUser | undefined> {
  const row = await db
    .selectFrom("staff_users")
    .selectAll()
    .where("email", "=", normalizeEmail(email))
    .where("status", "=", "active")
    .executeTakeFirst();
  return row && toStaffUser(row);
}

/** Every password set anywhere (the users CLI's add and passwd) passes here: long enough, and not easy to guess. */
async function assertPasswordStrength(password: string, account: { email: string; name: string }): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH) throw new UserStoreError(`Passwords need at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > MAX_PASSWORD_LENGTH)
    throw new UserStoreError(`Passwords have at most ${MAX_PASSWORD_LENGTH} characters (sign-in reads no more).`);
  const weakness = await passwordWeakness(password, account);
  if (weakness) throw new UserStoreError(weakness);
}

/** One user's change plus a new session version, so every existing session of theirs ends. Throws if the user is missing. */
async function updateUser(
  db: Db,
  email: string,
  change: { role?: Role; password_hash?: string; status?: "active" | "deactivated" },
): Promise<StaffUser> {
  const target = normalizeEmail(email);
  const row = await db
    .updateTable("staff_users")
    .set((eb) => ({ ...change, session_version: eb("session_version", "+", 1), updated_at: sql<Date>`now()` }))
    .where("email", "=", target)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new UserStoreError(`No user ${target}.`);
  return toStaffUser(row);
}

/** A display name's most characters: the header and the trail show it whole. */
const MAX_NAME_LENGTH = 200;
/** Control characters (a NUL, an escape) and the bidi overrides that would reorder what the header and the CLI show. */
const UNSHOWABLE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
/** Markup: a name is shown as text everywhere, but an email's body or a CSV opened elsewhere might not. */
const MARKUP = /[<>]/;

/** A display name as stored: trimmed, the email when blank; refused when too long, unshowable or markup. */
export function displayName(typed: string, email: string): string {
  const name = typed.trim() || email;
  if (name.length > MAX_NAME_LENGTH) throw new UserStoreError(`A name has at most ${MAX_NAME_LENGTH} characters.`);
  if (UNSHOWABLE.test(name)) throw new UserStoreError("A name cannot hold control characters.");
  if (MARKUP.test(name)) throw new UserStoreError("A name cannot hold < or >.");
  return name;
}

/** An email as stored, refused when it is not an address. */
export function checkedEmail(typed: string): string {
  const email = normalizeEmail(typed);
  if (!z.email().safeParse(email).success) throw new UserStoreError(`${email} is not an email address.`);
  return email;
}

/** pg_advisory_xact_lock's key for changes that could leave no admin ("staff:admins"). */
const ADMINS_LOCK = sql`hashtextextended('staff:admins', 0)`;

/**
 * Runs a change that may take the admin role from `target` (a new role, a removal), refusing it
 * when `target` is the last admin: no one could then manage settings or staff from the console.
 * Such changes queue behind one lock, so two at once cannot each leave the other as the last.
 */
function keepingAnAdmin<T>(db: Db, target: string, change: (trx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(${ADMINS_LOCK})`.execute(trx);
    const admins = await trx.selectFrom("staff_users").select("email").where("role", "=", "admin").where("status", "=", "active").execute();
    if (admins.length === 1 && admins[0]?.email === target) {
      throw new UserStoreError(`${target} is the last active admin: make someone else an admin first.`);
    }
    return change(trx);
  });
}

export async function addUser(
  db: Db,
  input: { email: string; name: string; role: Role; password: string; invitedBy?: string },
): Promise<StaffUser> {
  const email = checkedEmail(input.email);
  const name = displayName(input.name, email);
  await assertPasswordStrength(input.password, { email, name });
  const row = await db
    .insertInto("staff_users")
    .values({
      email,
      name,
      role: input.role,
      password_hash: await hashPassword(input.password),
      session_version: 1,
      invited_by: input.invitedBy ?? null,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new UserStoreError(`${email} already exists.`);
  return toStaffUser(row);
}

export async function removeUser(db: Db, email: string): Promise<void> {
  const target = normalizeEmail(email);
  await keepingAnAdmin(db, target, async (trx) => {
    const removed = await trx.deleteFrom("staff_users").where("email", "=", target).returning("email").executeTakeFirst();
    if (!removed) throw new UserStoreError(`No user ${target}.`);
  });
}

export function setRole(db: Db, email: string, role: Role): Promise<StaffUser> {
  if (role === "admin") return updateUser(db, email, { role });
  return keepingAnAdmin(db, normalizeEmail(email), (trx) => updateUser(trx, email, { role }));
}

export async function setPassword(db: Db, email: string, password: string): Promise<StaffUser> {
  const user = await findUser(db, email);
  if (!user) throw new UserStoreError(`No user ${normalizeEmail(email)}.`);
  await assertPasswordStrength(password, user);
  const updated = await updateUser(db, email, { password_hash: await hashPassword(password) });
  // An account blocked after 100 wrong codes now opens to a recovery code (second-factor/code-failures.ts).
  await notePasswordReset(db, updated.email);
  return updated;
}

export function signOutEverywhere(db: Db, email: string): Promise<StaffUser> {
  return updateUser(db, email, {});
}

/** Deactivates an account (never the last active admin): its sessions end and it can no longer sign in. */
export function deactivateUser(db: Db, email: string): Promise<StaffUser> {
  const target = normalizeEmail(email);
  return keepingAnAdmin(db, target, async (trx) => {
    const current = await trx.selectFrom("staff_users").select("status").where("email", "=", target).executeTakeFirst();
    if (current?.status === "deactivated") throw new UserStoreError(`${target} is deactivated already.`);
    return updateUser(trx, target, { status: "deactivated" });
  });
}

/** Lets a deactivated account sign in again (with its password and factor as they were). */
export async function reactivateUser(db: Db, email: string): Promise<StaffUser> {
  const target = normalizeEmail(email);
  const row = await db
    .updateTable("staff_users")
    .set((eb) => ({ status: "active", session_version: eb("session_version", "+", 1), updated_at: sql<Date>`now()` }))
    .where("email", "=", target)
    .where("status", "=", "deactivated")
    .returningAll()
    .executeTakeFirst();
  if (row) return toStaffUser(row);
  if (await findUser(db, target)) throw new UserStoreError(`${target} is active already.`);
  throw new UserStoreError(`No user ${target}.`);
}

/**
 * Whether two accounts were invited by the same admin (the approvals issue flags a payout whose
 * maker and checker were: one admin could have minted both). False when either was not invited
 * through the console (the users CLI), or is unknown.
 */
export async function invitedBySameAdmin(db: Db, a: string, b: string): Promise<{ sameInviter: boolean; inviter: string | null }> {
  const rows = await db
    .selectFrom("staff_users")
    .select(["email", "invited_by"])
    .where("email", "in", [normalizeEmail(a), normalizeEmail(b)])
    .execute();
  const [first, second] = rows;
  const same = rows.length === 2 && first?.invited_by != null && first.invited_by === second?.invited_by;
  return { sameInviter: same, inviter: same ? (first?.invited_by ?? null) : null };
}
