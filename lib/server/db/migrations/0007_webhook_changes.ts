import "server-only";
import { sql, type Kysely } from "kysely";

// Every change of the merchant's webhook URL made through the console (PATCH /v1/me/webhook),
// with who made it: one URL receives every rail's events, so a wrong one must be traceable.
// The API keeps no history of its own. previous_url is null when GET /v1/me gave none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_changes (
      id bigint generated always as identity primary key,
      environment text not null check (environment in ('test', 'live')),
      previous_url text,
      url text not null check (url <> ''),
      changed_by_email text not null,
      changed_by_role text not null,
      request_id text not null,
      changed_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index webhook_changes_newest on webhook_changes (environment, id desc)`.execute(db);
}
