import "server-only";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/in-transaction";
import { addNotice } from "../notices";

// Consecutive wrong codes per account (migration 0019; issue 54), across windows and addresses,
// sign-in and step-up, recovery codes too; only a right code resets it. At CODE_FAILURE_CEILING
// (NIST SP 800-63B §5.2.2) the code step is blocked, right or wrong, until a new password is set
// with the users CLI; signed-in sessions go on (docs/decisions/0112, 0124).

export const CODE_FAILURE_CEILING = 100;

type Db = Kysely<Database>;

/** "open": codes are checked; "blocked": none is; "recovery_only": a new password was set since the block, a recovery code opens it. */
export type CodeStepState = "open" | "blocked" | "recovery_only";

export async function codeStepState(db: Db, email: string): Promise<CodeStepState> {
  const row = await db
    .selectFrom("staff_code_failures")
    .select(["blocked_at", "password_reset_at"])
    .where("user_email", "=", email)
    .executeTakeFirst();
  if (!row?.blocked_at) return "open";
  return row.password_reset_at && row.password_reset_at >= row.blocked_at ? "recovery_only" : "blocked";
}

/**
 * A wrong code, counted in one statement (two instances counting at once both count). True when
 * this one blocked the account: its owner and every admin then find a notice at their next sign-in.
 */
export function recordWrongCode(db: Db, email: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await sql<{ blocked_now: boolean }>`
      insert into staff_code_failures as f (user_email, consecutive, blocked_at)
      values (${email}, 1, case when 1 >= ${CODE_FAILURE_CEILING}::int then now() end)
      on conflict (user_email) do update set
        consecutive = f.consecutive + 1,
        blocked_at = coalesce(f.blocked_at, case when f.consecutive + 1 >= ${CODE_FAILURE_CEILING}::int then now() end)
      returning (blocked_at is not null and consecutive = ${CODE_FAILURE_CEILING}::int) as blocked_now
    `.execute(trx);
    const blockedNow = row.rows[0]?.blocked_now === true;
    if (blockedNow) {
      const admins = await trx.selectFrom("staff_users").select("email").where("role", "=", "admin").execute();
      const told = new Set([email, ...admins.map((admin) => admin.email)]);
      for (const recipient of told) await addNotice(trx, recipient, blockedNotice(email, recipient === email));
    }
    return blockedNow;
  });
}

function blockedNotice(email: string, own: boolean): string {
  const whose = own ? "your account" : email;
  return `${CODE_FAILURE_CEILING} wrong codes in a row were typed at the code step of ${whose}, so its codes are no longer accepted. Whoever typed them knew the password. ${
    own ? "Your sessions still work. " : ""
  }To open it again, an administrator sets a new password (npm run users -- passwd ${email}); the next sign-in then takes that password and one of the account's recovery codes.`;
}

/** A right code: the count starts again. A blocked account's row stays until its recovery code (codeStepOpened). */
export async function recordRightCode(db: Db, email: string): Promise<void> {
  await db.deleteFrom("staff_code_failures").where("user_email", "=", email).where("blocked_at", "is", null).execute();
}

/** The recovery code after a new password: the block is over. */
export async function codeStepOpened(db: Db, email: string): Promise<void> {
  await db.deleteFrom("staff_code_failures").where("user_email", "=", email).execute();
}

/** The users CLI set a new password: a blocked account now opens to a recovery code. */
export async function notePasswordReset(db: Db, email: string): Promise<void> {
  await db
    .updateTable("staff_code_failures")
    .set({ password_reset_at: sql<Date>`now()` })
    .where("user_email", "=", email)
    .where("blocked_at", "is not", null)
    .execute();
}
