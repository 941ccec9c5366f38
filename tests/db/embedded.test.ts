import { spawn, type ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import { startEmbeddedPostgres, type EmbeddedOptions, type EmbeddedServer } from "@/scripts/db/embedded";
import { freePort } from "../support/db-network";

// These start servers of their own (each in a temporary directory), apart from the run's shared one.

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

    await query(first.url, "create table kept (note text); insert into kept values ('survives a restart')");
    await first.stop();

    const second = await start({ dataDir, port });
    expect(second.initialised).toBe(false);
    expect(await query(second.url, "select note from kept")).toEqual([{ note: "survives a restart" }]);
    await second.stop();

    const reset = await start({ dataDir, port, reset: true });
    expect(reset.initialised).toBe(true);
    expect(await query(reset.url, "select to_regclass('kept') as kept")).toEqual([{ kept: null }]);
  });

  it("starts over a postmaster.pid whose pid now belongs to another live process (a crash, then pid reuse)", async () => {
    const dataDir = await scratchDirectory();
    const port = await freePort();
    const before = await start({ dataDir, port });
    await query(before.url, "create table kept (note text); insert into kept values ('after the crash')");
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
    expect(await query(after.url, "select note from kept")).toEqual([{ note: "after the crash" }]);
  });

  it("refuses a directory another live run is using, and takes over the server a killed run left behind", async () => {
    const dataDir = await scratchDirectory();
    const port = await freePort();
    const holder: ChildProcess = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "fixtures/hold-embedded.ts"), dataDir, String(port)],
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
    expect(await query(after.url, "select note from kept")).toEqual([{ note: "orphaned" }]);
  });
});
