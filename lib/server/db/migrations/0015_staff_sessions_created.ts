import "server-only";
import { sql, type Kysely } from "kysely";

// Every sign-in prunes expired sessions (lib/server/sessions/session-store.ts pruneExpired): idle ones by
// last_seen_at, which 0009 indexed, and ones past their absolute lifetime by created_at, which it
// did not, so each sign-in read the whole table. The table is small (rows go as they expire), so a
// plain index builds at once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index staff_sessions_created on staff_sessions (created_at)`.execute(db);
}
