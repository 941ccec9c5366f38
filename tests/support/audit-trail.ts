// The audit trail emptied between tests: the trail refuses TRUNCATE (its trigger), so the test
// lifts that one trigger for the statement, and drops the chain's start and its keyed switch point.
import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/server/db/schema";

export async function emptyAuditTrail(db: Kysely<Database>): Promise<void> {
  await sql`alter table audit_log disable trigger audit_log_no_truncate`.execute(db);
  await sql`truncate audit_log restart identity`.execute(db);
  await sql`alter table audit_log enable trigger audit_log_no_truncate`.execute(db);
  await sql`delete from audit_chain_base`.execute(db);
  await sql`delete from audit_keyed_from`.execute(db);
}
