// Issue 53: the app's role owned audit_log and its trigger function, could SET ROLE to the pruner
// and moved the chain's start at will. As a runtime role made as a deployment makes it (a login
// role in console_app, nothing else), every way to rewrite the trail is refused, and the app's
// own work still goes.
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuditLog } from "@/lib/server/audit/log";
import { verifyChain } from "@/lib/server/audit/verify";
import { createDatabase } from "@/lib/server/db/create";
import { migrateToLatest } from "@/lib/server/db/migrate";
import { MIGRATIONS } from "@/lib/server/db/migrations";
import { grantAppRole } from "@/lib/server/db/runtime-role";
import type { Database } from "@/lib/server/db/schema";
import { createTestDatabase, setupTestDatabase } from "../support/db";

const database = setupTestDatabase();
const KEY = "audit-key-for-the-runtime-role-0123456789";
const role = `t_runtime_${randomBytes(4).toString("hex")}`;
const password = randomBytes(12).toString("hex");
let runtime: Kysely<Database>;

beforeAll(async () => {
  await sql`create role ${sql.id(role)} login password ${sql.lit(password)}`.execute(database.db);
  expect(await grantAppRole(database.db, role)).toBeUndefined();
  runtime = createDatabase<Database>(withUser(database.url, role, password), { max: 1 });
  // Something to rewrite, written as the app writes it.
  await createAuditLog(runtime, { key: KEY }).append({ actor: { kind: "job", id: "test" }, action: "test.entry", result: "ok" });
});

afterAll(async () => {
  await runtime?.destroy();
  await sql`drop role if exists ${sql.id(role)}`.execute(database.db);
});

const attempt = (statement: string) => sql.raw(statement).execute(runtime);

describe("the app's runtime role and the audit trail", () => {
  it.each([
    ["disable the append-only trigger", "alter table audit_log disable trigger audit_log_append_only", /must be owner/],
    ["drop the trigger", "drop trigger audit_log_append_only on audit_log", /must be owner/],
    [
      "replace the trigger function",
      "create or replace function audit_log_append_only() returns trigger language plpgsql as $$ begin return old; end $$",
      /must be owner|permission denied for schema public/,
    ],
    ["take the table", "alter table audit_log owner to current_user", /must be owner/],
    ["act as the owner", "set role console_audit_owner", /permission denied/],
    ["act as the pruner", "set role console_audit_pruner", /permission denied/],
    ["join the pruner", "grant console_audit_pruner to current_user", /permission denied|must have admin option/],
    ["update an entry", "update audit_log set result = 'refused'", /permission denied/],
    ["delete an entry", "delete from audit_log", /permission denied/],
    ["truncate the trail", "truncate audit_log", /permission denied/],
    ["move the chain's start", "insert into audit_chain_base (after_id, prev_hash) values (1, repeat('0', 64))", /permission denied/],
    ["move the keyed entries' start", "update audit_keyed_from set after_id = 0", /permission denied/],
    ["delete the keyed entries' start", "delete from audit_keyed_from", /permission denied/],
  ])("cannot %s", async (_what, statement, refusal) => {
    await expect(attempt(statement)).rejects.toThrow(refusal);
  });

  it("is a member of console_app only, and still does the app's work: append, read, verify, staff changes", async () => {
    const { rows } = await sql<{ owner: boolean; pruner: boolean; superuser: boolean }>`
      select pg_has_role(current_user, 'console_audit_owner', 'member') as owner,
        pg_has_role(current_user, 'console_audit_pruner', 'member') as pruner,
        (select rolsuper from pg_roles where rolname = current_user) as superuser`.execute(runtime);
    expect(rows).toEqual([{ owner: false, pruner: false, superuser: false }]);
    await createAuditLog(runtime, { key: KEY }).append({ actor: { kind: "job", id: "test" }, action: "test.entry", result: "ok" });
    expect(await verifyChain(runtime, { keys: [KEY] })).toMatchObject({ entries: 2, breaks: [] });
    await runtime
      .insertInto("staff_users")
      .values({ email: "runtime@demo.test", name: "Runtime", role: "viewer", password_hash: "scrypt$not-a-real-hash" })
      .execute();
    await runtime.deleteFrom("staff_users").where("email", "=", "runtime@demo.test").execute();
    // The retention prune is the pruner's function, open to the app (it refuses anything under 400 days).
    await expect(sql`select audit_prune(30)`.execute(runtime)).rejects.toThrow(/400 days at the least/);
    expect((await sql<{ n: string }>`select audit_prune(400)::text as n`.execute(runtime)).rows).toEqual([{ n: "0" }]);
  });
});

describe("a migrating role that is no superuser, prepared as README 'The database's roles' says", () => {
  it("migrates an empty database, and the trail ends up the owner role's", { timeout: 60_000 }, async () => {
    const empty = await createTestDatabase({ empty: true });
    const migrator = `t_migrate_${randomBytes(4).toString("hex")}`;
    const migrate = createDatabase(withUser(empty.url, migrator, password), { max: 1 });
    try {
      // The administrator's part, once (the three roles exist already on this server: the template's migrations made them).
      await sql`create role ${sql.id(migrator)} login createrole password ${sql.lit(password)}`.execute(database.db);
      await sql`grant console_audit_owner, console_audit_pruner to ${sql.id(migrator)} with admin option`.execute(database.db);
      await sql`alter database ${sql.id(empty.name)} owner to ${sql.id(migrator)}`.execute(database.db);
      // Postgres 15 and newer give no one CREATE on public: a role that is to own objects there needs it.
      await sql`grant create on schema public to console_audit_owner, console_audit_pruner`.execute(empty.db);
      const { applied } = await migrateToLatest(migrate);
      expect(applied.at(-1)).toBe(Object.keys(MIGRATIONS).sort().at(-1));
      const owners = await sql<{ name: string; owner: string }>`
        select tablename as name, tableowner as owner from pg_tables
        where tablename in ('audit_log', 'audit_chain_base', 'audit_keyed_from', 'staff_users') order by tablename`.execute(migrate);
      expect(owners.rows).toEqual([
        { name: "audit_chain_base", owner: "console_audit_owner" },
        { name: "audit_keyed_from", owner: "console_audit_owner" },
        { name: "audit_log", owner: "console_audit_owner" },
        { name: "staff_users", owner: migrator },
      ]);
    } finally {
      await migrate.destroy();
      await empty.drop();
      await sql`drop role if exists ${sql.id(migrator)}`.execute(database.db);
    }
  });
});

function withUser(url: string, user: string, secret: string): string {
  const changed = new URL(url);
  changed.username = user;
  changed.password = secret;
  return changed.toString();
}
