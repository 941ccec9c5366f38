// The database of `npm start` (server.ts), settled before Next loads: DATABASE_URL, or for a
// one-machine install the embedded server DATABASE_EMBEDDED names (its data directory), and
// with neither a clear refusal. Then migrations (behind their advisory lock, so instances
// starting together do not race) and the one-time import of DASHBOARD_USERS_FILE, all before
// the server listens, as the migrating role: DATABASE_MIGRATION_URL (the embedded superuser),
// else DATABASE_URL's own with a warning, since a role that migrates owns what the app's role
// must not (migration 0017). Runs outside Next, in the server bundle, where "server-only" is empty.
import "server-only";
import { createDatabase } from "@/lib/server/db/create";
import { describeDatabaseUrl } from "@/lib/server/db/url";
import { isConnectionError } from "@/lib/server/db/errors";
import { MigrationFailedError, UnknownMigrationError } from "@/lib/server/db/migrate";
import { prepareDatabase } from "@/lib/server/db/prepare";
import type { Database } from "@/lib/server/db/schema";
import { UsersFileError } from "@/lib/server/db/users-import";
import { grantAppRole, RuntimeRoleError, urlUser } from "@/lib/server/db/runtime-role";
import { startEmbeddedPostgres } from "./embedded";
import { DEMO_EMBEDDED } from "./embedded-url";

/** A refusal to start, printed as it is (no stack), then exit 1. */
export class StartupError extends Error {
  override name = "StartupError";
}

/** @internal */
export type DatabaseChoice =
  { kind: "url"; url: string; migrationUrl: string | undefined } | { kind: "embedded"; dataDir: string; port: number };

const isPostgresUrl = (url: string) => URL.canParse(url) && /^postgres(ql)?:$/.test(new URL(url).protocol);

const NEITHER = `No database configured. The console keeps its state (staff accounts, the sign-in throttle) in Postgres 15 or newer:
  DATABASE_URL=postgres://user:password@host:5432/console   the console's database (every instance uses the same one),
                                                             with DATABASE_MIGRATION_URL, the same database as the role that migrates it, or
  DATABASE_EMBEDDED=.data/pg                                 a one-machine install: an embedded Postgres with its data in that directory.`;

/**
 * Pure: which database the variables ask for. Blank counts as unset.
 * @internal
 */
export function chooseDatabase(source: Record<string, string | undefined>): DatabaseChoice {
  const url = source.DATABASE_URL?.trim() || undefined;
  const embedded = source.DATABASE_EMBEDDED?.trim() || undefined;
  if (url && embedded) throw new StartupError("Set DATABASE_URL or DATABASE_EMBEDDED, not both.");
  const migrationUrl = source.DATABASE_MIGRATION_URL?.trim() || undefined;
  if (migrationUrl && !isPostgresUrl(migrationUrl)) throw new StartupError("DATABASE_MIGRATION_URL must be a postgres:// connection URL.");
  if (url) {
    if (!isPostgresUrl(url)) throw new StartupError("DATABASE_URL must be a postgres:// connection URL.");
    return { kind: "url", url, migrationUrl };
  }
  if (migrationUrl)
    throw new StartupError("DATABASE_MIGRATION_URL goes with DATABASE_URL: the embedded server migrates as its own superuser.");
  if (!embedded) throw new StartupError(NEITHER);
  const port = Number(source.DATABASE_EMBEDDED_PORT?.trim() || DEMO_EMBEDDED.port);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new StartupError("DATABASE_EMBEDDED_PORT must be a TCP port.");
  return { kind: "embedded", dataDir: embedded, port };
}

export type ServerDatabase = { url: string; stop(): Promise<void> };

/** Starts the embedded server if asked for, then migrates and imports; throws StartupError for what an operator can fix. */
export async function openServerDatabase(source: Record<string, string | undefined>, log: (line: string) => void): Promise<ServerDatabase> {
  const choice = chooseDatabase(source);
  const embedded =
    choice.kind === "embedded" ? await startEmbeddedPostgres({ dataDir: choice.dataDir, port: choice.port, log }) : undefined;
  const url = choice.kind === "url" ? choice.url : embedded!.url;
  const migrationUrl = choice.kind === "url" ? choice.migrationUrl : embedded!.migrationUrl;
  if (!migrationUrl)
    log(
      "Warning: DATABASE_MIGRATION_URL is not set, so the app's own role migrates: it then owns the console's tables, and a role that owns them can rewrite the audit trail. Give migrations a role of their own (README \"Deployment\").",
    );
  const db = createDatabase<Database>(migrationUrl ?? url, { max: 1, applicationName: "merchant-console start-up" });
  try {
    await prepareDatabase(db, { usersFile: source.DASHBOARD_USERS_FILE?.trim() || undefined, log });
    const warning = await grantAppRole(db, urlUser(url));
    if (warning && choice.kind === "url") log(`Warning: ${warning}`);
  } catch (err) {
    await embedded?.stop();
    if (isConnectionError(err)) throw new StartupError(`Cannot reach the database at ${describeDatabaseUrl(url)}.`, { cause: err });
    if (
      err instanceof UnknownMigrationError ||
      err instanceof MigrationFailedError ||
      err instanceof UsersFileError ||
      err instanceof RuntimeRoleError
    ) {
      throw new StartupError(err.message, { cause: err });
    }
    throw err;
  } finally {
    await db.destroy();
  }
  return { url, stop: async () => embedded?.stop() };
}
