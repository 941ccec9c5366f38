import "server-only";
import { sql, type Kysely } from "kysely";

// Staff administration in the browser (issue 58).
// - staff_users.status: 'active' or 'deactivated' (a deactivated account keeps its row, its trail
//   and its email, and can neither sign in nor use a session); last_sign_in_at, for the staff list; invited_by: the admin whose
//   invitation created it (null for the users CLI's accounts), for the approvals' same-inviter flag.
// - staff_tokens: invitations and password-reset links. Only the token's SHA-256 is stored; each is
//   single use (used_at), expires (expires_at), and can be withdrawn (revoked_at). An invitation to a
//   privileged role made without email waits for a second admin (needs_confirmation, confirmed_by).
//   "Invited" in the staff list is an open invitation, not a staff_users row: an account exists only
//   once its password is set.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table staff_users
      add column status text not null default 'active' check (status in ('active', 'deactivated')),
      add column invited_by text,
      add column last_sign_in_at timestamptz
  `.execute(db);
  await sql`
    create table staff_tokens (
      id bigint generated always as identity primary key,
      kind text not null check (kind in ('invite', 'reset')),
      token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
      email text not null check (email = lower(btrim(email)) and email <> ''),
      name text,
      role text,
      created_by text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz,
      revoked_at timestamptz,
      revoked_by text,
      needs_confirmation boolean not null default false,
      confirmed_by text,
      confirmed_at timestamptz,
      emailed boolean not null default false,
      check (kind <> 'invite' or (name is not null and role is not null)),
      check (confirmed_by is null or confirmed_by <> created_by)
    )
  `.execute(db);
  // At most one open invitation per address: a second one is refused, not a second live link.
  await sql`
    create unique index staff_tokens_open_invite on staff_tokens (email)
      where kind = 'invite' and used_at is null and revoked_at is null
  `.execute(db);
  await sql`create index staff_tokens_email on staff_tokens (email, kind)`.execute(db);
}
