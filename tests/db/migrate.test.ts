import { sql, type Kysely, type Migration } from "kysely";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { createDatabase } from "@/lib/server/db/create";
import { MIGRATION_LOCK_KEY, MigrationFailedError, migrateToLatest, UnknownMigrationError } from "@/lib/server/db/migrate";
import { MIGRATIONS } from "@/lib/server/db/migrations";
import { createTestDatabase, type TestDatabase } from "../support/db";

// Test-only migration lists: version 1, and version 2 which adds to it.
const createWidgets: Migration = {
  up: async (db) => {
    await sql`create table widgets (id int primary key, label text not null)`.execute(db);
  },
};
const addColour: Migration = {
  up: async (db) => {
    await sql`alter table widgets add column colour text not null default 'blue'`.execute(db);
  },
};
const V1 = { "0001_widgets": createWidgets };
const V2 = { ...V1, "0002_widget_colour": addColour };

const databases: TestDatabase<unknown>[] = [];
async function emptyDatabase(): Promise<TestDatabase<unknown>> {
  const database = await createTestDatabase<unknown>({ empty: true });
  databases.push(database);
  return database;
}
afterEach(async () => {
  await Promise.all(databases.splice(0).map((database) => database.drop()));
});

async function applied(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

async function tableExists(db: Kysely<unknown>, table: string): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`select to_regclass(${table}) is not null as present`.execute(db);
  return rows[0]!.present;
}

describe("migrateToLatest", () => {
  it("brings an empty database to the latest migration, with logged (durable) tables only, and a second run does nothing", async () => {
    const { db } = await emptyDatabase();
    const all = Object.keys(MIGRATIONS).sort();

    const first = await migrateToLatest(db);
    expect(first).toEqual({ before: [], applied: all, after: all });
    expect(await tableExists(db, "app_meta")).toBe(true);
    const { rows: unlogged } = await sql<{ relname: string }>`select relname from pg_class where relpersistence = 'u'`.execute(db);
    expect(unlogged).toEqual([]);

    expect(await migrateToLatest(db)).toEqual({ before: all, applied: [], after: all });
  });

  it("brings a database at the previous version of the real list to the latest", async () => {
    const { db } = await emptyDatabase();
    const all = Object.keys(MIGRATIONS).sort();
    const previous = Object.fromEntries(all.slice(0, -1).map((name) => [name, MIGRATIONS[name]!]));
    await migrateToLatest(db, previous);

    expect(await migrateToLatest(db)).toEqual({ before: all.slice(0, -1), applied: all.slice(-1), after: all });
  });

  it("moves a database from version N-1 to N and keeps its rows", async () => {
    const { db } = await emptyDatabase();
    expect((await migrateToLatest(db, V1)).applied).toEqual(["0001_widgets"]);
    await sql`insert into widgets (id, label) values (1, 'kept')`.execute(db);

    const report = await migrateToLatest(db, V2);
    expect(report).toEqual({ before: ["0001_widgets"], applied: ["0002_widget_colour"], after: ["0001_widgets", "0002_widget_colour"] });
    const { rows } = await sql`select id, label, colour from widgets`.execute(db);
    expect(rows).toEqual([{ id: 1, label: "kept", colour: "blue" }]);
  });

  it("refuses a database at a migration this code does not know (newer code, then a rollback)", async () => {
    const { db } = await emptyDatabase();
    await migrateToLatest(db, V2);

    const refusal = migrateToLatest(db, V1);
    await expect(refusal).rejects.toBeInstanceOf(UnknownMigrationError);
    await expect(refusal).rejects.toThrow(/0002_widget_colour.*does not know.*latest is 0001_widgets.*rolled back/s);
    expect(await applied(db)).toEqual(["0001_widgets", "0002_widget_colour"]);
  });

  it("refuses, with the app's own list, a database that a future release migrated", async () => {
    const { db } = await emptyDatabase();
    await migrateToLatest(db);
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', ${new Date().toISOString()})`.execute(db);

    await expect(migrateToLatest(db)).rejects.toThrow(UnknownMigrationError);
  });

  it("applies nothing of a run whose migration fails, names it, and releases the lock", async () => {
    const { db, url } = await emptyDatabase();
    const broken = {
      ...V1,
      "0002_broken": { up: async (trx: Kysely<unknown>) => void (await sql`select * from no_such_table`.execute(trx)) },
    };

    await expect(migrateToLatest(db, broken)).rejects.toThrow(MigrationFailedError);
    await expect(migrateToLatest(db, broken)).rejects.toThrow(/Migration 0002_broken failed.*no_such_table/);
    expect(await tableExists(db, "widgets")).toBe(false);

    // Another pool (another session) would wait forever if the session lock had been kept.
    const other = createDatabase<unknown>(url, { max: 1 });
    onTestFinished(() => other.destroy());
    expect((await migrateToLatest(other, V1)).applied).toEqual(["0001_widgets"]);
  });

  it("is exempt from the app's statement cap, waits a bounded time for a table's lock, and leaves the pool's caps as they were", async () => {
    const { db: admin, url } = await emptyDatabase();
    await migrateToLatest(admin, V1);
    // A pool with the app's kind of caps, far shorter here.
    const app = createDatabase<unknown>(url, { max: 1, statementTimeoutMs: 300, lockTimeoutMs: 200 });
    onTestFinished(() => app.destroy());
    const slow = { ...V1, "0002_slow": { up: async (db: Kysely<unknown>) => void (await sql`select pg_sleep(0.6)`.execute(db)) } };
    expect((await migrateToLatest(app, slow)).applied).toEqual(["0002_slow"]);
    // The pool's one connection has its caps back: a statement past 300 ms is cancelled, as for any request.
    const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(app);
    expect(rows[0]?.statement_timeout).toBe("300ms");
    await expect(sql`select pg_sleep(0.6)`.execute(app)).rejects.toMatchObject({ code: "57014" });

    // A long transaction holds the table a migration alters: the run gives up after its lock timeout, applying nothing.
    await admin.connection().execute(async (holder) => {
      await sql`begin`.execute(holder);
      await sql`lock table widgets in access share mode`.execute(holder);
      try {
        await expect(migrateToLatest(app, { ...slow, "0003_colour": addColour }, { lockTimeoutMs: 250 })).rejects.toThrow(
          /Migration 0003_colour failed.*lock timeout/,
        );
      } finally {
        await sql`rollback`.execute(holder);
      }
    });
    expect(await applied(admin)).toEqual(["0001_widgets", "0002_slow"]);
  });

  it("runs each migration exactly once when two instances (two pools) migrate at the same time", async () => {
    const { db: admin, url } = await emptyDatabase();
    // The first migration holds until the test lets go of key 42, so both runs are surely in flight together.
    const GATE = 42;
    const gated = {
      "0001_runs": { up: async (db: Kysely<unknown>) => void (await sql`create table runs (migration text not null)`.execute(db)) },
      "0002_gate": {
        up: async (db: Kysely<unknown>) => {
          await sql`select pg_advisory_xact_lock(${GATE})`.execute(db);
          await sql`insert into runs values ('0002_gate')`.execute(db);
        },
      },
      "0003_after": { up: async (db: Kysely<unknown>) => void (await sql`insert into runs values ('0003_after')`.execute(db)) },
    };
    const instances = [createDatabase<unknown>(url, { max: 3 }), createDatabase<unknown>(url, { max: 3 })];
    onTestFinished(() => Promise.all(instances.map((instance) => instance.destroy())).then(() => {}));
    const reports = await admin.connection().execute(async (session) => {
      await sql`select pg_advisory_lock(${GATE})`.execute(session);
      const runs = instances.map((instance) => migrateToLatest(instance, gated));
      try {
        // Wait until one run is inside the gated migration and the other waits for the migration lock.
        const deadline = Date.now() + 10_000;
        for (;;) {
          const { rows } = await sql<{ key: string }>`
            select ((classid::bigint << 32) | objid::bigint)::text as key from pg_locks
            where locktype = 'advisory' and not granted and objsubid = 1`.execute(session);
          const waiting = rows.map((row) => row.key);
          if (waiting.includes(String(GATE)) && waiting.includes(MIGRATION_LOCK_KEY)) break;
          if (Date.now() > deadline) throw new Error(`both runs never got in flight together; waiting on: ${waiting.join(", ")}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } catch (err) {
        await sql`select pg_advisory_unlock(${GATE})`.execute(session);
        await Promise.allSettled(runs);
        throw err;
      }
      await sql`select pg_advisory_unlock(${GATE})`.execute(session);
      return Promise.all(runs);
    });
    const all = ["0001_runs", "0002_gate", "0003_after"];
    expect(reports.map((report) => report.applied).sort((a, b) => b.length - a.length)).toEqual([all, []]);
    expect(reports.map((report) => report.after)).toEqual([all, all]);
    expect(await applied(admin)).toEqual(all);
    const { rows } = await sql`select migration from runs order by migration`.execute(admin);
    expect(rows).toEqual([{ migration: "0002_gate" }, { migration: "0003_after" }]);
  });
});
