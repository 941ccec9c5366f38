import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import { startEmbeddedPostgres, type EmbeddedOptions, type EmbeddedServer } from "@/lib/server/db/embedded";
import { LEGACY_EMBEDDED_PASSWORD, readCredentials } from "@/lib/server/db/embedded-url";
import { freePort } from "../support/db-network";

// These start servers of their own (each in a temporary directory), apart from the run's shared one.

const ROOT = path.resolve(import.meta.dirname, "../..");

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Whatever a test leaves running on `dataDir` is stopped, and the directory removed. */
async function scratchDirectory(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "console-embedded-test-"));
  onTestFinished(async () => {
    const pid = Number((await readFile(path.join(dataDir, "postmaster.pid"), "utf8").catch(() => "")).split("\n")[0]);
    if (pid > 0) {
      try {
        process.kill(pid, "SIGQUIT");
      } catch {
        // Already gone.
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  });
  return dataDir;
}

async function start(options: EmbeddedOptions, lines: string[] = []): Promise<EmbeddedServer> {
  const server = await startEmbeddedPostgres({ ...options, log: (line) => lines.push(line) });
  onTestFinished(() => server.stop());
  return server;
}

describe("startEmbeddedPostgres", () => {
  it("keeps its data across restarts, wipes it on reset, and keeps Postgres's durable defaults with many sessions", async () => {
    const dataDir = await scratchDirectory();
    const port = await freePort();
    const lines: string[] = [];

    const first = await start({ dataDir, port }, lines);
    expect(first.initialised).toBe(true);
    expect(lines.join("\n")).toMatch(/Embedded Postgres ready on 127\.0\.0\.1:\d+ in \d+ ms \(new cluster, initdb \d+ ms\)/);
    const [settings] = await query<Record<string, string>>(
      first.url,
      "select current_setting('fsync') fsync, current_setting('synchronous_commit') synchronous_commit, current_setting('full_page_writes') full_page_writes, current_setting('max_connections') max_connections, current_database() database",
    );
    expect(settings).toEqual({
      fsync: "on",
      synchronous_commit: "on",
      full_page_writes: "on",
      max_connections: expect.any(String),
      database: "console",
    });
    expect(Number(settings!.max_connections)).toBeGreaterThanOrEqual(50);

    // The demo and the users CLI hold sessions at the same time: 20 concurrent clients, all answered.
    const clients = Array.from({ length: 20 }, () => new pg.Client({ connectionString: first.url }));
    await Promise.all(clients.map((client) => client.connect()));
    const [sessions] = await query<{ count: string }>(first.adminUrl, "select count(*) from pg_stat_activity where datname = 'console'");
    expect(Number(sessions!.count)).toBeGreaterThanOrEqual(20);
    await Promise.all(clients.map((client) => client.end()));

    await query(first.migrationUrl, "create table kept (note text); insert into kept values ('survives a restart')");
    await first.stop();

    const second = await start({ dataDir, port });
    expect(second.initialised).toBe(false);
    expect(await query(second.migrationUrl, "select note from kept")).toEqual([{ note: "survives a restart" }]);
    await second.stop();

    const reset = await start({ dataDir, port, reset: true });
    expect(reset.initialised).toBe(true);
    expect(await query(reset.migrationUrl, "select to_regclass('kept') as kept")).toEqual([{ kept: null }]);
  });

  it("starts over a postmaster.pid whose pid now belongs to another live process (a crash, then pid reuse)", async () => {
    const dataDir = await scratchDirectory();
    const port = await freePort();
    const before = await start({ dataDir, port });
    await query(before.migrationUrl, "create table kept (note text); insert into kept values ('after the crash')");
    await before.stop();

    // A live process of the same user as the server, so Postgres itself would take the lock file as held.
    const asPostgres =
      process.getuid?.() === 0
        ? { uid: Number(execFileSync("id", ["-u", "postgres"])), gid: Number(execFileSync("id", ["-g", "postgres"])) }
        : {};
    const impostor = spawn("sleep", ["600"], { ...asPostgres, stdio: "ignore" });
    onTestFinished(() => void impostor.kill("SIGKILL"));
    await writeFile(path.join(dataDir, "postmaster.pid"), `${impostor.pid}\n${dataDir}\n`);

    const lines: string[] = [];
    const after = await start({ dataDir, port }, lines);
    expect(lines.join("\n")).toContain(`Removed a stale postmaster.pid (pid ${impostor.pid})`);
    expect(await query(after.migrationUrl, "select note from kept")).toEqual([{ note: "after the crash" }]);
  });

  it("refuses a directory another live run is using, and takes over the server a killed run left behind", async () => {
    const dataDir = await scratchDirectory();
    const port = await freePort();
    const holder: ChildProcess = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", path.join(import.meta.dirname, "fixtures/hold-embedded.ts"), dataDir, String(port)],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    onTestFinished(() => void holder.kill("SIGKILL"));
    const [firstLine] = (await once(createInterface({ input: holder.stdout! }), "line")) as [string];
    const { url } = JSON.parse(firstLine) as { url: string };
    await query(url, "create table kept (note text); insert into kept values ('orphaned')");

    await expect(startEmbeddedPostgres({ dataDir, port, log: () => {} })).rejects.toThrow(`in use by process ${holder.pid}`);

    holder.kill("SIGKILL");
    await once(holder, "exit");
    // The crash is real: the server outlived the run that started it.
    expect(await query(url, "select note from kept")).toEqual([{ note: "orphaned" }]);

    const lines: string[] = [];
    const after = await start({ dataDir, port }, lines);
    expect(lines.join("\n")).toContain("that a crashed run left running");
    expect(await query(after.migrationUrl, "select note from kept")).toEqual([{ note: "orphaned" }]);
  });

  // Issue 53: the superuser's password was published in the code, and everything connected as it.
  it("makes random passwords at initdb, kept in a 0600 file; the dashboard's role is no superuser; no log line holds a password", async () => {
    const dataDir = await scratchDirectory();
    const port = await freePort();
    const lines: string[] = [];
    const server = await start({ dataDir, port }, lines);
    expect((await stat(server.credentialsFile)).mode & 0o777).toBe(0o600);
    const credentials = (await readCredentials(dataDir))!;
    expect(credentials.superuser.password).not.toBe(LEGACY_EMBEDDED_PASSWORD);
    expect(credentials.runtime.password).not.toBe(credentials.superuser.password);
    expect(
      await query(server.url, "select current_user as who, (select rolsuper from pg_roles where rolname = current_user) as super"),
    ).toEqual([{ who: "console_runtime", super: false }]);
    await expect(query(legacyUrl(server.adminUrl), "select 1")).rejects.toThrow(/password authentication failed/);
    for (const secret of [credentials.superuser.password, credentials.runtime.password]) expect(lines.join("\n")).not.toContain(secret);
  });

  it("moves a cluster made with the old published password to new ones at its next start", async () => {
    const dataDir = await scratchDirectory();
    const port = await freePort();
    const first = await start({ dataDir, port });
    // As the cluster was before: the published password, no runtime role, no credentials file.
    await query(first.adminUrl, `alter role postgres password '${LEGACY_EMBEDDED_PASSWORD}'`);
    await query(legacyUrl(first.adminUrl), "drop role console_runtime");
    await first.stop();
    await rm(first.credentialsFile);

    const lines: string[] = [];
    const moved = await start({ dataDir, port }, lines);
    expect(lines.join("\n")).toContain("moved off the old published superuser password");
    await expect(query(legacyUrl(moved.adminUrl), "select 1")).rejects.toThrow(/password authentication failed/);
    expect(await query(moved.url, "select current_user as who")).toEqual([{ who: "console_runtime" }]);
    expect((await readCredentials(dataDir))?.superuser.password).not.toBe(LEGACY_EMBEDDED_PASSWORD);
  });

  it(
    "lets the users CLI and npm run audit find the cluster DATABASE_EMBEDDED names; db:embedded prints no password to a pipe",
    { timeout: 120_000 },
    async () => {
      const dataDir = await scratchDirectory();
      const port = await freePort();
      const printer = spawn(
        path.join(ROOT, "node_modules/.bin/tsx"),
        ["--conditions=react-server", "scripts/db/embedded-server.ts", "--port", String(port), "--data-dir", dataDir],
        { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
      );
      onTestFinished(() => void printer.kill("SIGTERM"));
      const lines = createInterface({ input: printer.stdout });
      let printed = "";
      for await (const line of lines) {
        if (line.startsWith("DATABASE_URL=")) {
          printed = line;
          break;
        }
      }
      const credentials = (await readCredentials(dataDir))!;
      expect(printed).toBe(
        `DATABASE_URL=postgres://console_runtime@127.0.0.1:${port}/console (its password is in ${path.join(dataDir, "console-credentials.json")}, readable by this user only)`,
      );
      const { DATABASE_URL: _none, ...inherited } = process.env;
      const cliEnv = {
        ...inherited,
        DATABASE_EMBEDDED: dataDir,
        DATABASE_EMBEDDED_PORT: String(port),
        AUDIT_KEY: "audit-key-for-the-embedded-test-0123456789",
        DASHBOARD_PASSWORD: "a-long-password-123",
      };
      const run = (script: string, args: string[], extra: Record<string, string> = {}) =>
        promisify(execFile)(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", script, ...args], {
          cwd: ROOT,
          env: { ...cliEnv, ...extra },
        });
      // Not the demo's cluster: no key, no change (its entry would be chained under no one's key).
      await expect(run("scripts/users.ts", ["add", "embedded.cli@demo.test", "viewer"], { AUDIT_KEY: "" })).rejects.toMatchObject({
        stderr: expect.stringContaining("AUDIT_KEY must be set"),
      });
      await run("scripts/users.ts", ["add", "embedded.cli@demo.test", "viewer"]).catch((err: unknown) => {
        throw new Error(String((err as { stderr?: string }).stderr ?? err));
      });
      const listed = await run("scripts/users.ts", ["list"]);
      expect(listed.stdout).toContain("embedded.cli@demo.test\tviewer");
      expect(listed.stderr).toContain(`using the local embedded database at 127.0.0.1:${port}/console`);
      const verified = await run("scripts/audit.ts", ["verify"]);
      expect(verified.stdout).toContain("intact. 1 entries");
      for (const output of [printed, listed.stdout, listed.stderr, verified.stdout, verified.stderr])
        for (const secret of [credentials.superuser.password, credentials.runtime.password]) expect(output).not.toContain(secret);
    },
  );

  it("lets the users CLI and verify use the demo's AUDIT_KEY on the demo's own cluster, with none set", { timeout: 120_000 }, async () => {
    const dataDir = await scratchDirectory();
    const port = await freePort();
    await start({ dataDir, port, demo: true });
    const { DATABASE_URL: _none, AUDIT_KEY: _key, ...inherited } = process.env;
    const env = {
      ...inherited,
      DATABASE_EMBEDDED: dataDir,
      DATABASE_EMBEDDED_PORT: String(port),
      DASHBOARD_PASSWORD: "a-long-password-123",
    };
    const run = (script: string, args: string[], extra: Record<string, string> = {}) =>
      promisify(execFile)(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", script, ...args], {
        cwd: ROOT,
        env: { ...env, ...extra },
      });
    await run("scripts/users.ts", ["add", "beside.demo@demo.test", "viewer"]);
    expect((await run("scripts/audit.ts", ["verify"])).stdout).toContain("intact. 1 entries");
    expect(
      (
        await run("scripts/audit.ts", ["verify"], { AUDIT_KEY: "another-key-0123456789abcdef-0123456789" }).catch(
          (err: { stderr: string }) => err,
        )
      ).stderr,
    ).toContain("signed with a key verify was not given");
  });
});

/** The same URL with the password every embedded cluster had before issue 53. */
function legacyUrl(url: string): string {
  const legacy = new URL(url);
  legacy.password = LEGACY_EMBEDDED_PASSWORD;
  return legacy.toString();
}
