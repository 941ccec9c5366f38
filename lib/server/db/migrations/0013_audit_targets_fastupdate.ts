import "server-only";
import { sql, type Kysely } from "kysely";

// The audit trail's target filter (the GIN index on target_ids) without GIN's pending list.
// With `fastupdate` on (Postgres's default), new entries wait in an unsorted list that every
// search reads through until autovacuum or the list's 4 MB limit merges it: after 100,000
// appends the /audit page's target filter spent ~23 ms a search there, a match or not, against
// 0.1–0.4 ms once merged. The trail is read by target far more often than it grows by many rows at
// once, and an entry carries at most a few targets, so each append updates the index directly.
// The list already pending is merged now, not left for autovacuum.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter index audit_log_targets set (fastupdate = off)`.execute(db);
  await sql`select gin_clean_pending_list('audit_log_targets')`.execute(db);
}
