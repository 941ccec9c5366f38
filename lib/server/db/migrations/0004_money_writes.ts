import "server-only";
import { sql, type Kysely } from "kysely";

// The money-write ledger (lib/server/money-writes/pg-ledger.ts), shared by every instance:
// one row per write, reserved (state `intent`) and committed before anything is sent, so a
// reference can never carry two writes and a restart loses no write in flight.
//
// The state machine's invariants live here, not only in code:
// - intent: reserved, nothing sent; sent: on its way, answer not in; unknown: no answer after a
//   send that may have committed. These keep the exact request bytes (when the rail allows it),
//   so "check again" replays the same bytes with the same key.
// - answered: created upstream; failed: refused for good (with our code). Resolved: no bytes.
// instance_id and boot_id name the process that last moved a row to intent or sent, so the
// start-up reconciler can tell a write a live instance is sending from one a dead process left.
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
