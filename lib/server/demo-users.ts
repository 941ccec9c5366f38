import "server-only";
import { sql, type Kysely } from "kysely";
import type { Role } from "@/lib/permissions";
import type { Database } from "./db/schema";
import { hashPassword } from "./password";

export const DEMO_PASSWORD = "demo-password-123";

export const DEMO_USERS: readonly { email: string; name: string; role: Role }[] = [
  { email: "admin@demo.test", name: "Ada Admin", role: "admin" },
  { email: "finance@demo.test", name: "Fin Finance", role: "finance" },
  { email: "support@demo.test", name: "Sam Support", role: "support" },
  { email: "viewer@demo.test", name: "Vic Viewer", role: "viewer" },
];

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
    DEMO_USERS.map(async (demo) => ({ ...demo, password_hash: await hashPassword(password), session_version: 1 })),
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
        updated_at: sql<Date>`now()`,
      })),
    )
    .execute();
  return DEMO_USERS.map(({ email, role }) => ({ email, role }));
}
