import "server-only";
import { sql, type Kysely } from "kysely";

// Europe payouts this console created or approved (lib/server/money-writes/kinds/europe-payout-store.ts).
// The API has no GET for a Europe payout and its transaction record does not say whether it
// awaits approval: only the create and approve answers do (§4). So the "awaiting approval"
// list is ours to keep, shared by every instance and kept across restarts. `payout` is the
// PayoutDto as the create/approve answer gave it (amounts are decimal strings in JSON).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table europe_payouts (
      environment text not null check (environment in ('test', 'live')),
      transaction_id text not null check (transaction_id <> ''),
      payout jsonb not null check (jsonb_typeof(payout) = 'object'),
      approval_status text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (environment, transaction_id)
    )
  `.execute(db);
  // The awaiting list, newest first.
  await sql`create index europe_payouts_awaiting on europe_payouts (environment, created_at desc) where approval_status = 'awaiting_approval'`.execute(
    db,
  );
}
