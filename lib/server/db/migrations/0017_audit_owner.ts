import "server-only";
import { sql, type Kysely } from "kysely";

// The app's role could rewrite the audit trail (it owned audit_log and its trigger). Now
// console_audit_owner (NOLOGIN) owns them and audit_chain_base; console_app holds the app's rights
// (only INSERT and SELECT on audit_log) and the app's login role joins it. Migrations run as another
// role; without CREATEROLE see README "The database's roles" (docs/decisions/0106, 0127).
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const role of ["console_audit_owner", "console_app"]) {
    await sql`
      do $$ begin
        if not exists (select from pg_roles where rolname = ${sql.lit(role)}) then
          execute format('create role %I nologin', ${sql.lit(role)});
        end if;
      exception when duplicate_object then null; -- another database of this cluster made it meanwhile
      end $$
    `.execute(db);
  }
  await sql`
    create table audit_chain_base (
      one boolean primary key default true check (one),
      after_id bigint not null,
      prev_hash text not null check (prev_hash ~ '^[0-9a-f]{64}$'),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    insert into audit_chain_base (after_id, prev_hash, updated_at)
    select (value ->> 'afterId')::bigint, value ->> 'prevHash', updated_at from app_meta where key = 'audit_chain_base'
  `.execute(db);
  await sql`delete from app_meta where key = 'audit_chain_base'`.execute(db);

  const leave = await joinRoles(db, ["console_audit_owner", "console_audit_pruner"]);
  await sql`
    create or replace function audit_prune(keep_days integer) returns bigint
    language plpgsql security definer set search_path = public, pg_temp as $$
    declare
      cutoff timestamptz;
      first_kept bigint;
      last_pruned audit_log%rowtype;
      pruned bigint;
    begin
      if keep_days is null or keep_days < 400 then
        raise exception 'the audit trail is kept for 400 days at the least (asked: % days)', keep_days;
      end if;
      cutoff := now() - make_interval(days => keep_days);
      select min(id) into first_kept from audit_log where at >= cutoff;
      select * into last_pruned from audit_log
        where at < cutoff and (first_kept is null or id < first_kept) order by id desc limit 1;
      if not found then
        return 0;
      end if;
      insert into audit_chain_base (after_id, prev_hash, updated_at)
        values (last_pruned.id, last_pruned.hash, now())
        on conflict (one) do update set after_id = excluded.after_id, prev_hash = excluded.prev_hash, updated_at = excluded.updated_at;
      delete from audit_log where id <= last_pruned.id;
      get diagnostics pruned = row_count;
      return pruned;
    end $$
  `.execute(db);
  await sql`alter table audit_log owner to console_audit_owner`.execute(db);
  await sql`alter table audit_chain_base owner to console_audit_owner`.execute(db);
  await sql`alter function audit_log_append_only() owner to console_audit_owner`.execute(db);
  await leave();

  await sql`revoke all on app_meta from console_audit_pruner`.execute(db);
  await sql`grant select, insert, update on audit_chain_base to console_audit_pruner`.execute(db);

  // The app's rights: every table but the trail's own and the migrations' bookkeeping, in full;
  // tables later migrations create come with the same (the default privileges of the migrating role).
  await sql`grant select, insert, update, delete on all tables in schema public to console_app`.execute(db);
  await sql`grant usage, select on all sequences in schema public to console_app`.execute(db);
  await sql`alter default privileges in schema public grant select, insert, update, delete on tables to console_app`.execute(db);
  await sql`alter default privileges in schema public grant usage, select on sequences to console_app`.execute(db);
  await sql`revoke all on audit_log, audit_chain_base, kysely_migration, kysely_migration_lock from console_app`.execute(db);
  await sql`grant select, insert on audit_log to console_app`.execute(db);
  await sql`grant select on audit_chain_base, kysely_migration to console_app`.execute(db);
  await sql`revoke all on audit_log, audit_chain_base from public`.execute(db);
}

/**
 * A migrating role that is not a superuser must be a member of a role to give it an object (0008's
 * way): it joins those it is not a member of, and the answer leaves them again.
 */
export async function joinRoles(db: Kysely<unknown>, roles: string[]): Promise<() => Promise<void>> {
  const { rows } = await sql<{ role: string }>`
    select wanted.role from unnest(${roles}::text[]) as wanted(role)
    where not (select rolsuper from pg_roles where rolname = current_user) and not pg_has_role(current_user, wanted.role, 'member')`.execute(
    db,
  );
  for (const { role } of rows) await sql`grant ${sql.id(role)} to current_user`.execute(db);
  return async () => {
    for (const { role } of rows) await sql`revoke ${sql.id(role)} from current_user`.execute(db);
  };
}
