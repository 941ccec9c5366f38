import "server-only";
import { sql, type Kysely } from "kysely";

// Issue 57: what support needs to find a payment from what a caller has, and to read its story.
//
// money_write_summaries: at a write's intent, a masked summary of what the console sent (amount,
// currency, the merchant reference, the beneficiary's bank and the last 4 digits of the account,
// never the whole number; keyed hashes of the account's trailing digits let 5 or more typed digits
// match without storing them), and later the NGN payout `reference` the API assigned. One row per
// ledger row, gone with it (a reference the API never stored is released). Kept as long as the
// audit trail keeps entries: `npm run audit -- prune` deletes both past the same age (400 days).
//
// transaction_status_seen: the first time any instance saw a transaction in each status, one row
// per (environment, transaction, status), written with `on conflict do nothing` wherever the
// console reads transactions, so instances share the first sighting.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table money_write_summaries (
      environment text not null,
      rail text not null,
      reference text not null,
      created_at timestamptz not null default now(),
      amount numeric,
      currency text,
      bank_name text,
      account_last4 text check (account_last4 ~ '^[0-9]{4}$'),
      account_suffixes text[] not null default '{}',
      payout_reference text,
      primary key (environment, rail, reference),
      foreign key (environment, rail, reference) references money_writes (environment, rail, reference) on delete cascade
    )
  `.execute(db);
  await sql`create index money_write_summaries_reference on money_write_summaries (lower(reference))`.execute(db);
  await sql`create index money_write_summaries_payout_reference on money_write_summaries (lower(payout_reference))`.execute(db);
  await sql`create index money_write_summaries_amount on money_write_summaries (amount)`.execute(db);
  await sql`create index money_write_summaries_suffixes on money_write_summaries using gin (account_suffixes)`.execute(db);
  await sql`create index money_write_summaries_created on money_write_summaries (created_at)`.execute(db);
  // The story reads a payment's ledger row by its transaction id in either environment.
  await sql`create index money_writes_by_transaction on money_writes (environment, transaction_id) where transaction_id is not null`.execute(
    db,
  );

  await sql`
    create table transaction_status_seen (
      environment text not null check (environment in ('test', 'live')),
      transaction_id text not null,
      status text not null,
      seen_at timestamptz not null default now(),
      primary key (environment, transaction_id, status)
    )
  `.execute(db);
}
