import "server-only";
import { sql, type Kysely } from "kysely";
import { joinRoles } from "./0017_audit_owner";

// Entries chained with plain SHA-256 could be recomputed by anyone who could write the table. From
// here each entry is an HMAC-SHA-256 under AUDIT_KEY (lib/server/audit/entry.ts) and records the
// key's id (key_id), so a rotated key's entries still verify with the retired key. Entries written
// before have no key_id and keep verifying as plain hashes, up to the switch point: the first keyed
// append writes it to audit_keyed_from, signed with AUDIT_KEY, so moving it is detected. The app
// may add that one row (INSERT, SELECT), never change it; console_audit_owner owns the table.
export async function up(db: Kysely<unknown>): Promise<void> {
  const leave = await joinRoles(db, ["console_audit_owner"]);
  await sql`alter table audit_log add column key_id text check (key_id ~ '^[0-9a-f]{16}$')`.execute(db);
  await sql`
    create table audit_keyed_from (
      one boolean primary key default true check (one),
      after_id bigint not null,
      key_id text not null check (key_id ~ '^[0-9a-f]{16}$'),
      mac text not null check (mac ~ '^[0-9a-f]{64}$')
    )
  `.execute(db);
  await sql`alter table audit_keyed_from owner to console_audit_owner`.execute(db);
  await sql`revoke all on audit_keyed_from from public, console_app`.execute(db);
  await sql`grant select, insert on audit_keyed_from to console_app`.execute(db);
  await leave();
}
