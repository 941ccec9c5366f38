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

  it("lists migrations under names that sort in the order they were written (NNNN_name)", () => {
    const names = Object.keys(MIGRATIONS);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^\d{4}_[a-z0-9_]+$/);
    expect([...names].sort()).toEqual(names);
  });
});
