import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it, onTestFinished } from "vitest";
import { createDatabase } from "@/lib/server/db/create";
import type { Database } from "@/lib/server/db/schema";
import { hashPassword } from "@/lib/server/password";
import { listUsers } from "@/lib/server/users";
import { chooseDatabase, openServerDatabase, StartupError } from "@/lib/server/db/server-start";
import { createTestDatabase } from "../support/db";
import { freePort } from "../support/db-network";
import { startWithoutDatabase } from "../support/server-process";

const ROOT = path.resolve(import.meta.dirname, "../..");

async function emptyDatabase() {
  const database = await createTestDatabase({ empty: true });
  onTestFinished(() => database.drop());
  return database;
}

describe("chooseDatabase (what npm start runs on)", () => {
  it("takes DATABASE_URL, or the embedded server DATABASE_EMBEDDED names, on the demo's port unless told", () => {
    expect(chooseDatabase({ DATABASE_URL: "postgres://u:p@db:5432/console" })).toEqual({
      kind: "url",
      url: "postgres://u:p@db:5432/console",
      migrationUrl: undefined,
    });
    expect(chooseDatabase({ DATABASE_EMBEDDED: ".data/pg", DATABASE_URL: " " })).toEqual({
      kind: "embedded",
      dataDir: ".data/pg",
      port: 54329,
    });
    expect(chooseDatabase({ DATABASE_EMBEDDED: "/srv/pg", DATABASE_EMBEDDED_PORT: "5544" })).toEqual({
      kind: "embedded",
      dataDir: "/srv/pg",
      port: 5544,
    });
  });

  it("refuses neither, both, or a bad value, saying what to set", () => {
    expect(() => chooseDatabase({})).toThrow(StartupError);
    expect(() => chooseDatabase({})).toThrow(/DATABASE_URL=postgres:\/\/.*\n.*DATABASE_EMBEDDED=\.data\/pg/s);
    expect(() => chooseDatabase({ DATABASE_URL: "postgres://db/console", DATABASE_EMBEDDED: ".data/pg" })).toThrow("not both");
    expect(() => chooseDatabase({ DATABASE_URL: "mysql://db/console" })).toThrow("must be a postgres:// connection URL");
    expect(() => chooseDatabase({ DATABASE_EMBEDDED: ".data/pg", DATABASE_EMBEDDED_PORT: "http" })).toThrow("DATABASE_EMBEDDED_PORT");
  });
});

describe("openServerDatabase (start-up, before the server listens)", () => {
  it("migrates a new database and imports the users file once; the next start ignores the file and says so", async () => {
    const { url, db } = await emptyDatabase();
    const file = path.join(await mkdtemp(path.join(tmpdir(), "console-start-")), "users.json");
    const passwordHash = await hashPassword("old password 123");
    await writeFile(
      file,
      JSON.stringify({ users: [{ email: "ann@example.test", name: "Ann", role: "admin", passwordHash, sessionVersion: 4 }] }),
    );

    const first: string[] = [];
    const opened = await openServerDatabase({ DATABASE_URL: url, DASHBOARD_USERS_FILE: file }, (line) => first.push(line));
    expect(opened.url).toBe(url);
    // One role for both (the tests' superuser): said at start, and the migrations ran as it.
    expect(first.filter((line) => line.startsWith("Warning:"))).toEqual([
      expect.stringContaining("DATABASE_MIGRATION_URL is not set, so the app's own role migrates"),
      expect.stringContaining("is a superuser: it can rewrite the audit trail"),
    ]);
    expect(first.filter((line) => !line.startsWith("Warning:"))).toEqual([
      expect.stringMatching(/^Database migrated to \d{4}_/),
      expect.stringContaining(`Imported 1 staff users from DASHBOARD_USERS_FILE=${file}`),
    ]);
    expect(await listUsers(db)).toEqual([{ email: "ann@example.test", name: "Ann", role: "admin", passwordHash, sessionVersion: 4 }]);

    const second: string[] = [];
    await openServerDatabase({ DATABASE_URL: url, DASHBOARD_USERS_FILE: file }, (line) => second.push(line));
    expect(second.filter((line) => !line.startsWith("Warning:"))).toEqual([
      expect.stringMatching(new RegExp(`^Ignoring DASHBOARD_USERS_FILE=${file}: staff users were imported`)),
    ]);
  });

  // Issue 53: the app's role migrated, so it owned what it must not; now migrations have their own.
  it("migrates as DATABASE_MIGRATION_URL's role and gives the app's role console_app's rights, without a warning", async () => {
    const { url, db } = await emptyDatabase();
    const role = `t_app_${Math.random().toString(36).slice(2, 10)}`;
    await sql`create role ${sql.id(role)} login password 'app-role-password'`.execute(db);
    onTestFinished(async () => void (await sql`drop role if exists ${sql.id(role)}`.execute(db)));
    const appUrl = new URL(url);
    appUrl.username = role;
    appUrl.password = "app-role-password";
    const lines: string[] = [];
    const opened = await openServerDatabase({ DATABASE_URL: appUrl.toString(), DATABASE_MIGRATION_URL: url }, (line) => lines.push(line));
    expect(lines).toEqual([expect.stringMatching(/^Database migrated to \d{4}_/)]);
    const app = createDatabase<Database>(opened.url, { max: 1 });
    onTestFinished(() => app.destroy());
    expect(await listUsers(app)).toEqual([]);
    const owners = await sql<{
      owner: string;
    }>`select tableowner as owner from pg_tables where tablename in ('audit_log', 'staff_users') order by tablename`.execute(db);
    expect(owners.rows.map((row) => row.owner)).toEqual(["console_audit_owner", new URL(url).username]);
    expect(() => chooseDatabase({ DATABASE_EMBEDDED: ".data/pg", DATABASE_MIGRATION_URL: url })).toThrow("goes with DATABASE_URL");
    expect(() => chooseDatabase({ DATABASE_URL: url, DATABASE_MIGRATION_URL: "mysql://x" })).toThrow("DATABASE_MIGRATION_URL must be");
  });

  it("starts the embedded server DATABASE_EMBEDDED names, migrated, and stops it", { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "console-start-pg-"));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    const lines: string[] = [];
    const opened = await openServerDatabase({ DATABASE_EMBEDDED: dataDir, DATABASE_EMBEDDED_PORT: String(await freePort()) }, (line) =>
      lines.push(line),
    );
    onTestFinished(() => opened.stop());
    expect(lines[0]).toMatch(/^Embedded Postgres ready on 127\.0\.0\.1:\d+ in \d+ ms/);
    const db = createDatabase<Database>(opened.url, { max: 1 });
    onTestFinished(() => db.destroy());
    expect(await listUsers(db)).toEqual([]); // the staff table exists: migrated
  });

  it("refuses an unreachable database by its address, without the password", async () => {
    const failure = openServerDatabase({ DATABASE_URL: `postgres://console:s3cret@127.0.0.1:${await freePort()}/console` }, () => {});
    await expect(failure).rejects.toBeInstanceOf(StartupError);
    await expect(failure).rejects.toThrow(/^Cannot reach the database at 127\.0\.0\.1:\d+\/console\.$/);
  });

  it("stops server.ts before Next loads when no database is configured (exit 1, the message alone)", { timeout: 30_000 }, async () => {
    const started = startWithoutDatabase(["--conditions=react-server", "--import", "tsx", "server.ts"], ROOT);
    await expect(started).rejects.toMatchObject({ code: 1, stdout: "", stderr: expect.stringMatching(/^No database configured\./) });
  });
});
