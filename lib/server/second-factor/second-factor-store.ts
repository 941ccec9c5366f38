import "server-only";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/in-transaction";

// staff_totp and staff_recovery_codes (migration 0010). Each check that spends something (a
// TOTP step, a recovery code) is one conditional update: of two requests with the same code,
// on any instances, exactly one gets the row back.

type Db = Kysely<Database>;

export async function sealedTotpSecret(db: Db, email: string): Promise<string | undefined> {
  const row = await db.selectFrom("staff_totp").select("secret_ciphertext").where("user_email", "=", email).executeTakeFirst();
  return row?.secret_ciphertext;
}

export async function hasSecondFactor(db: Db, email: string): Promise<boolean> {
  return (await sealedTotpSecret(db, email)) !== undefined;
}

/**
 * Saves a confirmed factor and its recovery codes, replacing any earlier ones; `usedStep` is the
 * confirming code's step, already spent (null: enrolled by the users CLI). `replace: false` (the
 * browser's enrolment) saves only where the account has none, so of two racing confirmations the
 * later cannot replace the codes the first just showed: false, nothing saved.
 */
export async function saveEnrolment(
  db: Db,
  email: string,
  enrolment: { sealedSecret: string; usedStep: bigint | null; recoveryHashes: string[] },
  { replace = true }: { replace?: boolean } = {},
): Promise<boolean> {
  const lastStep = enrolment.usedStep === null ? null : enrolment.usedStep.toString();
  return inTransaction(db, async (trx) => {
    const saved = await trx
      .insertInto("staff_totp")
      .values({ user_email: email, secret_ciphertext: enrolment.sealedSecret, last_step: lastStep })
      .onConflict((oc) =>
        replace
          ? oc.column("user_email").doUpdateSet({ secret_ciphertext: enrolment.sealedSecret, last_step: lastStep, enrolled_at: sql`now()` })
          : oc.column("user_email").doNothing(),
      )
      .returning("user_email")
      .executeTakeFirst();
    if (!saved) return false;
    await trx.deleteFrom("staff_recovery_codes").where("user_email", "=", email).execute();
    if (enrolment.recoveryHashes.length > 0)
      await trx
        .insertInto("staff_recovery_codes")
        .values(enrolment.recoveryHashes.map((code_hash) => ({ user_email: email, code_hash })))
        .execute();
    return true;
  });
}

/** Spends a TOTP step: true once per step, and never for a step at or before the last one spent. */
export async function spendTotpStep(db: Db, email: string, step: bigint): Promise<boolean> {
  const row = await db
    .updateTable("staff_totp")
    .set({ last_step: step.toString() })
    .where("user_email", "=", email)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step.toString())]))
    .returning("user_email")
    .executeTakeFirst();
  return row !== undefined;
}

/** Spends a recovery code: true once. */
export async function spendRecoveryCode(db: Db, email: string, codeHash: string): Promise<boolean> {
  const row = await db
    .updateTable("staff_recovery_codes")
    .set({ used_at: sql`now()` })
    .where("user_email", "=", email)
    .where("code_hash", "=", codeHash)
    .where("used_at", "is", null)
    .returning("user_email")
    .executeTakeFirst();
  return row !== undefined;
}

export async function recoveryCodesLeft(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom("staff_recovery_codes")
    .select((eb) => eb.fn.countAll<string>().as("left"))
    .where("user_email", "=", email)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}

/** The users CLI's reset: the factor and its codes go; the next sign-in asks to enrol again. */
export async function removeSecondFactor(db: Db, email: string): Promise<boolean> {
  const result = await db.deleteFrom("staff_totp").where("user_email", "=", email).executeTakeFirst();
  await db.deleteFrom("staff_recovery_codes").where("user_email", "=", email).execute();
  return result.numDeletedRows > 0n;
}
