import "server-only";
import { sql, type Kysely } from "kysely";

// Which accounts `npm run demo` created (issue 19). `npm run users -- code <email>` prints a
// current TOTP code for those alone, so the demo and the tests can sign in without a phone
// while the command is useless against any real account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_users add column demo boolean not null default false`.execute(db);
}
