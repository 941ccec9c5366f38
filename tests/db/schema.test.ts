import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "@/lib/server/db/migrations";
import { setupTestDatabase } from "../support/db";

const database = setupTestDatabase();

describe("the migrated schema, as each test file gets it (a clone of the run's template)", () => {
  it("has app_meta: jsonb written as JSON text (arrays included) and read back parsed, with its timestamp", async () => {
    const value = { importedFrom: ".data/users.json", users: ["a@example.test", "b@example.test"], total: "1500.00" };
    await database.db
      .insertInto("app_meta")
      .values({ key: "users_imported", value: JSON.stringify(value) })
      .execute();
    await database.db
      .insertInto("app_meta")
      .values({ key: "list", value: JSON.stringify([1, 2]) })
      .execute();

    const rows = await database.db.selectFrom("app_meta").selectAll().orderBy("key").execute();
    expect(rows).toEqual([
      { key: "list", value: [1, 2], updated_at: expect.any(Date) },
      { key: "users_imported", value, updated_at: expect.any(Date) },
    ]);
  });

  it("keeps the audit trail's target index without GIN's pending list, which every target search would read through", async () => {
    const { rows } = await sql<{
      reloptions: string[] | null;
    }>`select reloptions from pg_class where relname = 'audit_log_targets'`.execute(database.db);
    expect(rows).toEqual([{ reloptions: ["fastupdate=off"] }]);
  });

  it("prunes expired sessions (idle, or past their lifetime) through an index on each limit, not by reading the whole table", async () => {
    // The planner would scan a table this small; with scans off, the plan shows which indexes serve
    // pruneExpired's condition (lib/server/sessions/session-store.ts).
    await database.db.connection().execute(async (session) => {
      await sql`set enable_seqscan = off`.execute(session);
      const { rows } = await sql<{ "QUERY PLAN": string }>`
        explain delete from staff_sessions where last_seen_at <= now() or created_at <= now()`.execute(session);
      const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      expect(plan).toContain("staff_sessions_last_seen");
      expect(plan).toContain("staff_sessions_created");
      await sql`reset enable_seqscan`.execute(session);
    });
  });

  it("hands the reconciler its unresolved writes in their order (never failed first, then longest since a failure) from an index, without a sort", async () => {
    // The reconciler's question (PgWriteLedger.unresolved), with scans off as above.
    await database.db.connection().execute(async (session) => {
      await sql`set enable_seqscan = off`.execute(session);
      const { rows } = await sql<{ "QUERY PLAN": string }>`
        explain select * from money_writes
        where environment = 'live' and state in ('intent', 'sent') and (instance_id = 'a' or updated_at < now())
        order by lookup_failed_at asc nulls first, updated_at limit 200`.execute(session);
      const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      expect(plan).toContain("money_writes_unresolved");
      expect(plan).not.toContain("Sort");
      await sql`reset enable_seqscan`.execute(session);
    });
  });

  it("lists migrations under names that sort in the order they were written (NNNN_name)", () => {
    const names = Object.keys(MIGRATIONS);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^\d{4}_[a-z0-9_]+$/);
    expect([...names].sort()).toEqual(names);
  });
});
