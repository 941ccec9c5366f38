import "server-only";
import { sql, type Kysely } from "kysely";

// Server-side sessions (issue 19): the cookie carries a random secret, stored only as a SHA-256;
// this row is the session, its limits checked on the database's clock. `stage`: 'second_factor'
// (a code is owed), 'enrol' (the role needs a factor not yet enrolled) or 'active' (docs/decisions/0124).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff_sessions (
      id uuid primary key default gen_random_uuid(),
      secret_hash text not null unique check (secret_hash ~ '^[0-9a-f]{64}$'),
      user_email text not null references staff_users (email) on delete cascade,
      session_version integer not null,
      stage text not null check (stage in ('second_factor', 'enrol', 'active')),
      mode text not null check (mode in ('test', 'live')),
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      client_address text not null check (length(client_address) <= 100),
      user_agent text not null check (length(user_agent) <= 300),
      second_factor_at timestamptz,
      pending_totp text
    )
  `.execute(db);
  // /account lists one's own sessions, most recently used first.
  await sql`create index staff_sessions_user on staff_sessions (user_email, last_seen_at desc)`.execute(db);
  // Expired rows are pruned oldest first.
  await sql`create index staff_sessions_last_seen on staff_sessions (last_seen_at)`.execute(db);
}
