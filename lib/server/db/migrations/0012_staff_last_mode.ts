import "server-only";
import { sql, type Kysely } from "kysely";

// The mode each staff member last chose (issue 20): a new sign-in opens in it instead of
// resetting to test. Null until they first switch.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_users add column last_mode text check (last_mode in ('test', 'live'))`.execute(db);
}
