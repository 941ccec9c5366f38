import "server-only";
import type { Kysely } from "kysely";
import { env } from "../env";
import { logger } from "../logger";
import { createDatabase } from "./create";
import type { Database } from "./schema";

// One pool per process. Kept on globalThis because `next dev` re-evaluates
// modules on every edit, and each evaluation would otherwise open a new pool.
const holder = globalThis as typeof globalThis & { merchantConsoleDb?: Kysely<Database> };

/** The app's database, from DATABASE_URL (which env() requires). */
export function db(): Kysely<Database> {
  if (holder.merchantConsoleDb) return holder.merchantConsoleDb;
  const { databaseUrl, databasePoolMax } = env();
  holder.merchantConsoleDb = createDatabase(databaseUrl, {
    max: databasePoolMax,
    onIdleError: (err) => logger.warn("database connection dropped while idle", { error: err.message }),
  });
  return holder.merchantConsoleDb;
}

/** Closes the pool (tests, before dropping their database); the next db() opens a new one. */
export async function closeDb(): Promise<void> {
  const current = holder.merchantConsoleDb;
  holder.merchantConsoleDb = undefined;
  await current?.destroy();
}
