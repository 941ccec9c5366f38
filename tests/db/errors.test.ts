import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import { createDatabase } from "@/lib/server/db/create";
import { isConnectionError } from "@/lib/server/db/errors";
import { setupTestDatabase } from "../support/db";
import { freePort, silentServer } from "../support/db-network";

// Each case provokes the failure for real against Postgres or a socket, then classifies what the driver threw.

const database = setupTestDatabase();

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error("expected a failure");
}

function selectOneAt(url: string, options: { connectionTimeoutMillis?: number } = {}) {
  const db = createDatabase<unknown>(url, { max: 1, ...options });
  onTestFinished(() => db.destroy());
  return failureOf(() => sql`select 1`.execute(db));
}

async function client(): Promise<pg.Client> {
  const connection = new pg.Client({ connectionString: database.url });
  connection.on("error", () => {}); // a terminated session also reports itself here
  await connection.connect();
  onTestFinished(() => connection.end().catch(() => {}));
  return connection;
}

describe("isConnectionError: the database cannot be reached", () => {
  it("a refused connection (nothing listens on the port), by address and by name", async () => {
    const port = await freePort();
    for (const host of ["127.0.0.1", "localhost"]) {
      const err = await selectOneAt(`postgres://console:secret@${host}:${port}/console`);
      expect(isConnectionError(err)).toBe(true);
    }
  });

  it("a host name that does not resolve", async () => {
    const err = await selectOneAt("postgres://console:secret@db.does-not-exist.invalid:5432/console");
    expect(isConnectionError(err)).toBe(true);
  });

  it("a host that accepts the connection and never answers (pg's connect timeout)", async () => {
    const server = await silentServer();
    onTestFinished(() => server.close());
    const err = await selectOneAt(`postgres://console:secret@127.0.0.1:${server.port}/console`, { connectionTimeoutMillis: 300 });
    expect((err as Error).message).toMatch(/timeout/);
    expect(isConnectionError(err)).toBe(true);
  });

  it("a pool with no free connection within its timeout", async () => {
    const db = createDatabase<unknown>(database.url, { max: 1, connectionTimeoutMillis: 200 });
    onTestFinished(() => db.destroy());
    const err = await db.connection().execute(() => failureOf(() => sql`select 1`.execute(db)));
    expect((err as Error).message).toBe("timeout exceeded when trying to connect");
    expect(isConnectionError(err)).toBe(true);
  });

  it("a session ended by the server (57P01 admin shutdown), and the dead client's next query", async () => {
    const victim = await client();
    const admin = await client();
    const { rows } = await victim.query<{ pid: number }>("select pg_backend_pid() as pid");
    const sleeping = failureOf(() => victim.query("select pg_sleep(30)"));
    await expect
      .poll(
        async () =>
          (await admin.query("select 1 from pg_stat_activity where pid = $1 and wait_event = 'PgSleep'", [rows[0]!.pid])).rowCount,
      )
      .toBe(1);
    await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);

    const terminated = await sleeping;
    expect((terminated as { code?: string }).code).toBe("57P01");
    expect(isConnectionError(terminated)).toBe(true);
    const next = await failureOf(() => victim.query("select 1"));
    expect(isConnectionError(next)).toBe(true);
  });

  it("a statement the database was too busy to finish within the app's caps (statement_timeout, lock_timeout): rolled back, so 'try again'", async () => {
    const connection = await client();
    await connection.query("set statement_timeout = 50");
    const cancelled = await failureOf(() => connection.query("select pg_sleep(5)"));
    expect((cancelled as { code?: string }).code).toBe("57014");
    await connection.query("set statement_timeout = 0");

    const holder = await client();
    await holder.query("create table held (id int)");
    await holder.query("begin");
    await holder.query("lock table held in access exclusive mode");
    await connection.query("set lock_timeout = 50");
    const waited = await failureOf(() => connection.query("select * from held"));
    await holder.query("rollback");
    expect((waited as { code?: string }).code).toBe("55P03");

    for (const err of [cancelled, waited]) {
      expect(isConnectionError(err)).toBe(true);
    }
  });

  it("SQLSTATEs that are hard to provoke here: 57P03 cannot_connect_now, class 08, 53300 too_many_connections", () => {
    for (const code of ["57P03", "57P02", "08006", "08001", "08P01", "53300"]) {
      expect(isConnectionError(Object.assign(new Error("from the server"), { code })), code).toBe(true);
    }
  });
});

describe("isConnectionError: the query failed, the database is fine", () => {
  it("syntax errors and constraint violations", async () => {
    const connection = await client();
    const syntax = await failureOf(() => connection.query("selec 1"));
    expect((syntax as { code?: string }).code).toBe("42601");
    await connection.query("create temporary table once (id int primary key)");
    await connection.query("insert into once values (1)");
    const duplicate = await failureOf(() => connection.query("insert into once values (1)"));
    expect((duplicate as { code?: string }).code).toBe("23505");

    for (const err of [syntax, duplicate]) {
      expect(isConnectionError(err)).toBe(false);
    }
  });

  it("things that are not errors at all", () => {
    for (const value of [undefined, null, "ECONNREFUSED", 42, {}]) expect(isConnectionError(value)).toBe(false);
  });
});
