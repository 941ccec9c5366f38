import "server-only";
import { sql, type Kysely } from "kysely";

// The money-write ledger (lib/server/money-writes/pg-ledger.ts): one row per write, reserved
// (`intent`) and committed before anything is sent. intent, sent and unknown keep the exact request
// bytes, so "check again" replays them with the same key; answered and failed keep none.
// instance_id and boot_id tell the reconciler a live sender from a dead one (docs/decisions/0127).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table money_writes (
      environment text not null check (environment in ('test', 'live')),
      rail text not null check (rail <> ''),
      reference text not null check (reference <> ''),
      idempotency_key text not null check (idempotency_key <> ''),
      fingerprint text not null check (fingerprint <> ''),
      actor_id text not null,
      actor_email text not null,
      actor_role text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      state text not null check (state in ('intent', 'sent', 'answered', 'failed', 'unknown')),
      upstream_status integer,
      code text,
      transaction_id text,
      request_body text,
      instance_id text,
      boot_id text,
      primary key (environment, rail, reference),
      constraint money_writes_resolved_without_bytes check (state not in ('answered', 'failed') or request_body is null),
      constraint money_writes_failed_has_code check (state <> 'failed' or code is not null)
    )
  `.execute(db);
  // The reconciler's question: which writes are still unresolved, oldest touch first.
  await sql`create index money_writes_unresolved on money_writes (environment, updated_at) where state in ('intent', 'sent')`.execute(db);
  // "Which write created this transaction?" for a rail's own id.
  await sql`create index money_writes_transaction on money_writes (rail, transaction_id) where transaction_id is not null`.execute(db);
}
