import "server-only";
import { sql, type Kysely } from "kysely";

// When the reconciler's lookup of an unresolved write last failed (lib/server/money-writes/reconcile.ts).
// The reconciler takes the writes whose lookup never failed first, then the longest since their
// failure: a failed lookup changes nothing else, so by last change alone a write whose lookup keeps
// failing stayed first for good, and with more than a run's rows failing, the rest were never looked
// at. A column, not the process's memory: every instance's runs and restarts share the order.
// Setting it leaves updated_at alone, which is what tells a live send's outcome from the row as read.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table money_writes add column lookup_failed_at timestamptz`.execute(db);
  await sql`drop index money_writes_unresolved`.execute(db);
  await sql`
    create index money_writes_unresolved on money_writes (environment, lookup_failed_at nulls first, updated_at)
    where state in ('intent', 'sent')
  `.execute(db);
}
