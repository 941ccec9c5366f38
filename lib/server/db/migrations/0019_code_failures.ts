import "server-only";
import { sql, type Kysely } from "kysely";

// Consecutive wrong second-factor codes per account (issue 54), across windows and addresses:
// the throttle's counters start over after a quiet window, this one only at a right code. At 100
// the account's code step is blocked (`blocked_at`) until a new password is set with the users
// CLI (`password_reset_at`) and a recovery code is given at the next sign-in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff_code_failures (
      user_email text primary key references staff_users (email) on delete cascade,
      consecutive integer not null check (consecutive >= 0),
      blocked_at timestamptz,
      password_reset_at timestamptz
    )
  `.execute(db);
}
