import "server-only";
import { sql, type Kysely } from "kysely";

// Facts the console records about itself, keyed by name: first, whether the
// DASHBOARD_USERS_FILE import has already happened, so a later start ignores the file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table app_meta (
      key text primary key,
      value jsonb not null,
      updated_at timestamptz not null default now()
    )
  `.execute(db);
}
