import "server-only";
import { sql, type Kysely } from "kysely";

// Two-factor sign-in (issue 19). One TOTP factor per staff member: its secret encrypted with
// MFA_ENCRYPTION_KEY (AES-256-GCM; never stored or logged in clear), and the last time step a
// code was accepted for, so a code is good once (a replay in its window is refused by one
// conditional update). Ten single-use recovery codes per enrolment, stored as hashes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff_totp (
      user_email text primary key references staff_users (email) on delete cascade,
      secret_ciphertext text not null,
      last_step bigint,
      enrolled_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table staff_recovery_codes (
      user_email text not null references staff_users (email) on delete cascade,
      code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
      used_at timestamptz,
      primary key (user_email, code_hash)
    )
  `.execute(db);
}
