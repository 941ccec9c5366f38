import "server-only";
import type { Kysely } from "kysely";
import { env, EnvError } from "../env";
import { logger } from "../logger";
import { createDatabase } from "./create";
import type { Database } from "./schema";

// One pool per process. Kept on globalThis because `next dev` re-evaluates
// modules on every edit, and each evaluation would otherwise open a new pool.
const holder = globalThis as typeof globalThis & { merchantConsoleDb?: Kysely<Database> };

/** The app's database, from DATABASE_URL. Throws EnvError when it is not configured. */
export function db(): Kysely<Database> {
  if (holder.merchantConsoleDb) return holder.merchantConsoleDb;
  const { databaseUrl, databasePoolMax } = env();
  if (!databaseUrl) throw new EnvError("Invalid dashboard configuration:\n  - DATABASE_URL is required");
  holder.merchantConsoleDb = createDatabase(databaseUrl, {
    max: databasePoolMax,
    onIdleError: (err) => logger.warn("database connection dropped while idle", { error: err.message }),
  });
  return holder.merchantConsoleDb;
}
