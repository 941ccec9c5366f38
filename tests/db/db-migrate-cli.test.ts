import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { describe, expect, it, onTestFinished } from "vitest";
import { MIGRATIONS } from "@/lib/server/db/migrations";
import { createTestDatabase } from "../support/db";
import { freePort } from "../support/db-network";

// `npm run db:migrate` is `tsx --conditions=react-server scripts/db-migrate.ts`; run exactly that.
const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

async function dbMigrate(databaseUrl: string | undefined, cwd = ROOT): Promise<{ code: number; stdout: string; stderr: string }> {
  // From another folder, tsx is told where the project's tsconfig (its "@/" paths) is.
  // Without Vitest's NODE_ENV=test, which would make Next's env loader skip .env.local (as `next` does under test).
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "NODE_ENV"));
  const env: Record<string, string | undefined> = {
    ...inherited,
    DATABASE_URL: databaseUrl,
    TSX_TSCONFIG_PATH: path.join(ROOT, "tsconfig.json"),
  };
  if (databaseUrl === undefined) delete env.DATABASE_URL;
  try {
    const script = path.join(ROOT, "scripts/db-migrate.ts");
    const { stdout, stderr } = await promisify(execFile)(TSX, ["--conditions=react-server", script], {
      cwd,
      env: env as NodeJS.ProcessEnv,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function emptyDatabase() {
  const database = await createTestDatabase<unknown>({ empty: true });
  onTestFinished(() => database.drop());
  return database;
}

describe("npm run db:migrate", () => {
  const latest = Object.keys(MIGRATIONS).sort().at(-1)!;

  it("migrates DATABASE_URL's database and prints the version before and after, without the password", async () => {
    const { url, db } = await emptyDatabase();
    const first = await dbMigrate(url);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`before: empty (no migrations)`);
    expect(first.stdout).toContain(`after: ${latest}`);
    expect(first.stdout).not.toContain(new URL(url).password);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    expect(rows.map((row) => row.name)).toContain(latest);

    const again = await dbMigrate(url);
    expect(again.stdout).toContain("applied: nothing, already at the latest");
  });

  it("exits 1 with a clear message for a database at an unknown migration, an unreachable one, or none", async () => {
    const { url, db } = await emptyDatabase();
    await dbMigrate(url);
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', ${new Date().toISOString()})`.execute(db);
    const rolledBack = await dbMigrate(url);
    expect(rolledBack.code).toBe(1);
    expect(rolledBack.stderr).toContain("9999_from_the_future");

    const unreachable = await dbMigrate(`postgres://console:secret@127.0.0.1:${await freePort()}/console`);
    expect(unreachable).toMatchObject({ code: 1, stderr: expect.stringContaining("Cannot reach the database at 127.0.0.1:") });

    const unset = await dbMigrate(undefined);
    expect(unset).toMatchObject({ code: 1, stderr: expect.stringContaining("DATABASE_URL is not set") });
  });

  it("reads DATABASE_URL from the .env.local of the folder it runs in, as server.ts and the users CLI do", async () => {
    const { url } = await emptyDatabase();
    const folder = await mkdtemp(path.join(tmpdir(), "db-migrate-"));
    onTestFinished(() => rm(folder, { recursive: true, force: true }));
    await writeFile(path.join(folder, ".env.local"), `DATABASE_URL=${url}\n`);
    const fromFile = await dbMigrate(undefined, folder);
    expect(fromFile).toMatchObject({ code: 0, stdout: expect.stringContaining(`after: ${latest}`) });
  });
});
