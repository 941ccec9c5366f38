import "server-only";
import { sql, type Kysely } from "kysely";

// A maker's own payout requests, newest first (the payout pages' "Your payout requests"): without
// it each read walks every request the environment ever held.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index approval_requests_by_maker on approval_requests (environment, maker_email, created_at desc)`.execute(db);
}
