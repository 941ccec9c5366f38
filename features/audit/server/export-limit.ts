import "server-only";
import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/server/db/schema";

// The trail is append-only and kept 400 days, and every entry waits on its one chain lock, the
// lock money writes' intents wait on too. An export report is an entry any role that sees a list
// can add, so one staff member's reports are capped: a script posting them in a loop could
// otherwise bury real entries and slow every money write. Counted from the trail itself, so the
// cap holds across instances; a burst of parallel reports may pass it by a few (each reads
// before any is appended), which a cap on flooding can afford.

/**
 * Reports per staff member per minute: far above what a person exporting lists makes.
 * @internal
 */
export const CSV_EXPORTS_PER_MINUTE = 10;

/** Seconds until this staff member may report another export (0: now). */
export async function csvExportWait(db: Kysely<Database>, email: string): Promise<number> {
  // The oldest of their last CSV_EXPORTS_PER_MINUTE reports: within the minute, the cap is reached.
  const row = await db
    .selectFrom("audit_log")
    .select(sql<number>`ceil(extract(epoch from (at + interval '1 minute' - now())))::int`.as("wait"))
    .where("actor_email", "=", email)
    .where("action", "=", "csv_export")
    // Only the last minute's: the scan stops there, not at the end of the exporter's history.
    .where("at", ">", sql<Date>`now() - interval '1 minute'`)
    .orderBy("id", "desc")
    .offset(CSV_EXPORTS_PER_MINUTE - 1)
    .limit(1)
    .executeTakeFirst();
  return Math.max(0, row?.wait ?? 0);
}
