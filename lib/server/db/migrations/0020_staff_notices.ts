import "server-only";
import { sql, type Kysely } from "kysely";

// What a staff member is told at their next sign-in (issue 54: an account's code step blocked
// after 100 wrong codes, told to its owner and to every admin), until they dismiss it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff_notices (
      id bigint generated always as identity primary key,
      user_email text not null references staff_users (email) on delete cascade,
      message text not null,
      created_at timestamptz not null default now(),
      dismissed_at timestamptz
    )
  `.execute(db);
  await sql`create index staff_notices_open on staff_notices (user_email) where dismissed_at is null`.execute(db);
}
