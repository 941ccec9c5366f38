import "server-only";
import { sql, type Kysely } from "kysely";

// Staff accounts, moved from the DASHBOARD_USERS_FILE JSON file (imported once, see
// lib/server/db/users-import.ts). The email is stored trimmed and lower-cased and is the
// key, so "Ann@X.test" and "ann@x.test" are one account whatever wrote the row. The roles
// are the four of lib/permissions.ts when this was written; a new role is a new migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff_users (
      email text primary key check (email = lower(btrim(email)) and email <> ''),
      name text not null check (name <> ''),
      role text not null check (role in ('admin', 'finance', 'support', 'viewer')),
      password_hash text not null check (password_hash like 'scrypt$%'),
      session_version integer not null default 1 check (session_version >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
}
