import "server-only";
import { sql, type Kysely } from "kysely";

// The sign-in throttle's counters (lib/server/throttle.ts), shared by every instance:
// one row per key (an email, a client address) within its scope. A row is live while its
// window or its lockout lasts; expired rows are pruned by the throttle itself.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sign_in_throttle (
      scope text not null,
      key text not null,
      failures integer not null check (failures > 0),
      last_failure_at timestamptz not null,
      locked_until timestamptz not null,
      primary key (scope, key)
    )
  `.execute(db);
  // For the pruning of expired rows, which reads them oldest first within a scope.
  await sql`create index sign_in_throttle_last_failure on sign_in_throttle (scope, last_failure_at)`.execute(db);
}
