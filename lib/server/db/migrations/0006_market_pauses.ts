import "server-only";
import { sql, type Kysely } from "kysely";

// A market's pause as last observed (lib/server/market-pause.ts). §1 rule 9: the API has no
// endpoint that says a rail is paused; a write answering payment_unavailable is the only
// signal. One row per environment and market while the pause is remembered, shared by every
// instance, so one instance's observation shows on all.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table market_pauses (
      environment text not null check (environment in ('test', 'live')),
      market text not null check (market <> ''),
      since timestamptz not null,
      primary key (environment, market)
    )
  `.execute(db);
}
