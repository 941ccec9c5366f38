import "server-only";
import { sql, type Kysely } from "kysely";

// The audit trail (lib/server/audit/): append-only and hash-chained. A trigger refuses every UPDATE,
// TRUNCATE and DELETE; only audit_prune(keep_days), SECURITY DEFINER and owned by the NOLOGIN role
// console_audit_pruner, may delete, never under 400 days. Roles and what to run without CREATEROLE:
// README "Audit trail", docs/decisions/0127.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null,
      actor_kind text not null check (actor_kind in ('staff', 'anonymous', 'cli', 'job')),
      actor_id text,
      actor_email text,
      actor_role text,
      environment text check (environment in ('test', 'live')),
      action text not null check (action <> ''),
      target_ids text[] not null default '{}',
      merchant_reference text,
      idempotency_key text,
      request_id text,
      client_address text,
      result text not null check (result <> ''),
      details jsonb not null default '{}' check (jsonb_typeof(details) = 'object'),
      prev_hash text not null check (prev_hash ~ '^[0-9a-f]{64}$'),
      hash text not null unique check (hash ~ '^[0-9a-f]{64}$')
    )
  `.execute(db);
  // The /audit page's filters, each newest first (keyset paging on id).
  await sql`create index audit_log_actor on audit_log (actor_email, id desc)`.execute(db);
  await sql`create index audit_log_action on audit_log (action, id desc)`.execute(db);
  await sql`create index audit_log_at on audit_log (at)`.execute(db);
  await sql`create index audit_log_targets on audit_log using gin (target_ids)`.execute(db);
  await sql`create index audit_log_reference on audit_log (merchant_reference, id desc) where merchant_reference is not null`.execute(db);

  await sql`
    do $$ begin
      if not exists (select from pg_roles where rolname = 'console_audit_pruner') then
        create role console_audit_pruner nologin;
      end if;
    exception when duplicate_object then null; -- another database of this cluster made it meanwhile
    end $$
  `.execute(db);
  await sql`grant select, delete on audit_log to console_audit_pruner`.execute(db);
  await sql`grant select, insert, update on app_meta to console_audit_pruner`.execute(db);

  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and current_user = 'console_audit_pruner' then
        return old;
      end if;
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end $$
  `.execute(db);
  await sql`
    create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()
  `.execute(db);
  await sql`
    create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()
  `.execute(db);

  // Deletes the entries older than keep_days (400 at the least) and records where the chain
  // now starts (app_meta 'audit_chain_base': the last pruned id and its hash), so
  // verification still links the first surviving entry.
  await sql`
    create function audit_prune(keep_days integer) returns bigint
    language plpgsql security definer set search_path = public, pg_temp as $$
    declare
      last_pruned audit_log%rowtype;
      pruned bigint;
    begin
      if keep_days is null or keep_days < 400 then
        raise exception 'the audit trail is kept for 400 days at the least (asked: % days)', keep_days;
      end if;
      select * into last_pruned from audit_log
        where at < now() - make_interval(days => keep_days) order by id desc limit 1;
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
  // The owner must be a member of the new owning role to hand the function over; it leaves
  // the role again at once, so the app's user can never act as the pruner itself.
  await sql`
    do $$ begin
      if not (select rolsuper from pg_roles where rolname = current_user) then
        execute format('grant console_audit_pruner to %I', current_user);
      end if;
      alter function audit_prune(integer) owner to console_audit_pruner;
      if not (select rolsuper from pg_roles where rolname = current_user) then
        execute format('revoke console_audit_pruner from %I', current_user);
      end if;
    end $$
  `.execute(db);
}
