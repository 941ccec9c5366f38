import "server-only";
import { sql, type Kysely } from "kysely";

// audit_prune deleted every entry up to the newest one older than keep_days, by id. An entry's
// time came from the appending instance's clock, so one instance started with a wrong clock (a VM
// at 1970 before its clock synced) wrote an "old" entry after recent ones, and the next prune
// deleted every entry before it however young: the 400-day floor bypassed. Now only the
// contiguous prefix of old entries goes, the ids below the first entry still within keep_days;
// and entries take their time from the database's clock (lib/server/audit/log.ts), one clock for
// every instance. The function stays owned by console_audit_pruner (0008's do block, again).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$ begin
      if not (select rolsuper from pg_roles where rolname = current_user) then
        execute format('grant console_audit_pruner to %I', current_user);
      end if;
    end $$
  `.execute(db);
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
      insert into app_meta (key, value, updated_at)
        values ('audit_chain_base', jsonb_build_object('afterId', last_pruned.id, 'prevHash', last_pruned.hash), now())
        on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at;
      delete from audit_log where id <= last_pruned.id;
      get diagnostics pruned = row_count;
      return pruned;
    end $$
  `.execute(db);
  await sql`
    do $$ begin
      if not (select rolsuper from pg_roles where rolname = current_user) then
        execute format('revoke console_audit_pruner from %I', current_user);
      end if;
    end $$
  `.execute(db);
}
