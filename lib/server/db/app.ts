import "server-only";
import type { Kysely } from "kysely";
import { env } from "../env";
import { failureFields, logger } from "../logger";
import { createDatabase } from "./create";
import type { Database } from "./schema";

/**
 * Caps on the app's statements: without them one stuck lock fills the pool and hangs the console;
 * with them the requests behind it answer 503 `database_unavailable` and the rest keep working.
 * The app's longest read takes milliseconds. Migrations set their own (migrate.ts); CLIs none
 * (docs/decisions/0127).
 */
const APP_STATEMENT_TIMEOUT_MS = 30_000;
const APP_LOCK_TIMEOUT_MS = 10_000;

// One pool per process. Kept on globalThis because `next dev` re-evaluates
// modules on every edit, and each evaluation would otherwise open a new pool.
const holder = globalThis as typeof globalThis & { merchantConsoleDb?: Kysely<Database> };

/** The app's database, from DATABASE_URL (which env() requires). */
export function db(): Kysely<Database> {
  if (holder.merchantConsoleDb) return holder.merchantConsoleDb;
  const { databaseUrl, databasePoolMax } = env();
  holder.merchantConsoleDb = createDatabase(databaseUrl, {
    max: databasePoolMax,
    statementTimeoutMs: APP_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: APP_LOCK_TIMEOUT_MS,
    onIdleError: (err) => logger.warn("database connection dropped while idle", failureFields(err)),
  });
  return holder.merchantConsoleDb;
}

/**
 * Closes the pool (tests, before dropping their database); the next db() opens a new one.
 * @internal
 */
export async function closeDb(): Promise<void> {
  const current = holder.merchantConsoleDb;
  holder.merchantConsoleDb = undefined;
  await current?.destroy();
}
