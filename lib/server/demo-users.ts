import "server-only";
import { createHmac } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Role } from "@/lib/permissions";
import type { Database } from "./db/schema";
import { hashPassword } from "./password";
import { openTotpSecret, sealTotpSecret } from "./second-factor/seal";
import { saveEnrolment, sealedTotpSecret } from "./second-factor/second-factor-store";
import { newTotpKey, totpCode, totpKeyText, totpStep, totpUri } from "./second-factor/totp";
import { normalizeEmail, UserStoreError } from "./users";

export const DEMO_PASSWORD = "demo-password-123";

/** @internal */
export const DEMO_USERS: readonly { email: string; name: string; role: Role }[] = [
  { email: "admin@demo.test", name: "Ada Admin", role: "admin" },
  { email: "finance@demo.test", name: "Fin Finance", role: "finance" },
  { email: "support@demo.test", name: "Sam Support", role: "support" },
  { email: "viewer@demo.test", name: "Vic Viewer", role: "viewer" },
  { email: "approver@demo.test", name: "Appy Approver", role: "approver" },
  // A second admin: a change of an approval policy needs one admin to make it and another to confirm it.
  { email: "admin2@demo.test", name: "Abe Admin", role: "admin" },
];

/**
 * Refuses a database that holds a staff user the demo did not create: demo accounts share a
 * password printed in the README, so seeding them into a real deployment's database (a
 * DATABASE_URL left set in the shell) would open it to anyone who has read it.
 */
export async function assertDemoOnlyDatabase(db: Kysely<Database>): Promise<void> {
  const other = await db.selectFrom("staff_users").select("email").where("demo", "=", false).limit(1).executeTakeFirst();
  if (other)
    throw new UserStoreError(
      `Nothing was seeded: this database holds staff users the demo did not create (${other.email}). Demo accounts share a published password, so they go only into a database of their own: unset DATABASE_URL to use the demo's embedded database.`,
    );
}

/**
 * One demo user per role. Idempotent: an existing demo user gets the name, role and
 * password again (and new sessions); other users are kept.
 */
export async function seedDemoUsers(
  db: Kysely<Database>,
  password: string = DEMO_PASSWORD,
): Promise<readonly { email: string; role: Role }[]> {
  // Each user gets its own salt, hence one hash each.
  const rows = await Promise.all(
    DEMO_USERS.map(async (demo) => ({ ...demo, password_hash: await hashPassword(password), session_version: 1, demo: true })),
  );
  await db
    .insertInto("staff_users")
    .values(rows)
    .onConflict((oc) =>
      oc.column("email").doUpdateSet((eb) => ({
        name: eb.ref("excluded.name"),
        role: eb.ref("excluded.role"),
        password_hash: eb.ref("excluded.password_hash"),
        session_version: eb("staff_users.session_version", "+", 1),
        demo: true,
        updated_at: sql<Date>`now()`,
      })),
    )
    .execute();
  return DEMO_USERS.map(({ email, role }) => ({ email, role }));
}

/**
 * The demo's approval policies (maker-checker, issue 59), low enough to try: in live an NGN payout
 * of 100,000 or more waits for a second person, in test (where Nigeria is closed, §1 rule 10) a
 * Brazil payout of 1,000 BRL or more. Set as two demo admins would have (one proposes, the other
 * confirms). A policy already there is kept.
 */
export async function seedDemoApprovalPolicies(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto("approval_policies")
    .values(
      [
        { environment: "live", currency: "NGN", threshold: "100000" },
        { environment: "test", currency: "BRL", threshold: "1000" },
      ].map((policy) => ({ ...policy, set_by: "admin@demo.test", confirmed_by: "admin2@demo.test" })),
    )
    .onConflict((oc) => oc.columns(["environment", "currency"]).doNothing())
    .execute();
}

export type DemoFactor = { email: string; role: Role; secret: string; uri: string };

/**
 * A demo user's TOTP key from the demo's seed (.data/demo-totp-seed, kept when the demo wipes its
 * database): the same seed gives the same 20-byte keys, so an authenticator app set up from the
 * README keeps working across `npm run demo` starts.
 */
function seededTotpKey(seed: Uint8Array, email: string): Uint8Array {
  return new Uint8Array(createHmac("sha256", seed).update(`demo-totp:${email}`).digest().subarray(0, 20));
}

/**
 * A TOTP factor for each demo user, as `users mfa-enrol` would make (no recovery codes: the
 * demo prints the secrets instead). Idempotent: a demo user already enrolled keeps its secret,
 * which is read back, so an authenticator app set up at an earlier start keeps working. A new
 * enrolment takes its key from `seed` when given (see seededTotpKey), else a random one.
 */
export async function enrolDemoUsers(
  db: Kysely<Database>,
  encryptionKey: string,
  { seed }: { seed?: Uint8Array } = {},
): Promise<DemoFactor[]> {
  const factors: DemoFactor[] = [];
  for (const { email, role } of DEMO_USERS) {
    const sealed = await sealedTotpSecret(db, email);
    let key: Uint8Array;
    if (sealed) key = openTotpSecret(sealed, email, encryptionKey);
    else {
      key = seed ? seededTotpKey(seed, email) : newTotpKey();
      await saveEnrolment(db, email, { sealedSecret: sealTotpSecret(key, email, encryptionKey), usedStep: null, recoveryHashes: [] });
    }
    factors.push({ email, role, secret: totpKeyText(key), uri: totpUri(key, email) });
  }
  return factors;
}

/**
 * The current code of an account the demo created (`npm run users -- code`), for signing in
 * to the demo without a phone. Any other account is refused: on a real deployment the command
 * can never stand in for someone's authenticator.
 */
export async function demoCode(db: Kysely<Database>, email: string, encryptionKey: string, nowMs = Date.now()): Promise<string> {
  const target = normalizeEmail(email);
  const user = await db.selectFrom("staff_users").select("demo").where("email", "=", target).executeTakeFirst();
  if (!user?.demo) throw new UserStoreError(`${target} is not an account the demo created; codes are printed for demo accounts only.`);
  const sealed = await sealedTotpSecret(db, target);
  if (!sealed) throw new UserStoreError(`${target} has no second factor.`);
  return totpCode(openTotpSecret(sealed, target, encryptionKey), totpStep(nowMs));
}
