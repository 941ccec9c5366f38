import "server-only";
import { Migrator, sql, type Kysely, type Migration } from "kysely";
import { MIGRATIONS } from "./migrations";

/**
 * The session-level advisory lock every instance takes before migrating. Any
 * fixed bigint works as long as every instance uses the same one and it differs
 * from Kysely's own (3853314791062309107); advisory locks are per database.
 * @internal
 */
export const MIGRATION_LOCK_KEY = "6102587341947736611";

/** How long one statement of a migration run waits for a table's lock (see migrateToLatest). */
const MIGRATION_LOCK_TIMEOUT_MS = 10_000;

const MIGRATION_TABLE = "kysely_migration";

export type MigrationReport = {
  /** Migrations applied before this run, in name order. */
  before: string[];
  /** Migrations this run applied. Empty when the database was already at the latest. */
  applied: string[];
  after: string[];
};

/** The database is at a migration this code does not know: newer code ran here and was rolled back. */
export class UnknownMigrationError extends Error {
  override name = "UnknownMigrationError";

  constructor(
    readonly unknown: string[],
    readonly latestKnown: string | undefined,
  ) {
    super(
      `The database has migration ${unknown.join(", ")} applied, which this version of the console does not know ` +
        `(its latest is ${latestKnown ?? "none"}). A newer version ran against this database and was then rolled back. ` +
        `Migrations are forward-only: deploy that version (or a newer one) again; this one will not start on this database.`,
    );
  }
}

export class MigrationFailedError extends Error {
  override name = "MigrationFailedError";
}

async function appliedMigrations<DB>(db: Kysely<DB>): Promise<string[]> {
  // to_regclass resolves through search_path, as Kysely's own queries on the table do.
  const { rows } = await sql<{ present: boolean }>`select to_regclass(${MIGRATION_TABLE}) is not null as present`.execute(db);
  if (!rows[0]?.present) return [];
  const applied = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db);
  return applied.rows.map((row) => row.name);
}

/** Which of `migrations` the database has applied, and which it has not yet (read without any lock). */
export async function migrationState<DB>(
  db: Kysely<DB>,
  migrations: Readonly<Record<string, Migration>> = MIGRATIONS,
): Promise<{ applied: string[]; pending: string[] }> {
  const applied = await appliedMigrations(db);
  const done = new Set(applied);
  return {
    applied,
    pending: Object.keys(migrations)
      .sort()
      .filter((name) => !done.has(name)),
  };
}

/**
 * Brings the database to the latest migration this code knows, once, however many instances start
 * together: the whole run on one connection holding a session-level advisory lock, since Kysely's
 * own lock leaves its bookkeeping tables racing (docs/decisions/0035-kysely-and-migrations-behind-our-own-advisory-lock.md).
 * `migrations` and `lockTimeoutMs` are for tests; the app runs MIGRATIONS.
 */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  migrations: Readonly<Record<string, Migration>> = MIGRATIONS,
  { lockTimeoutMs = MIGRATION_LOCK_TIMEOUT_MS }: { lockTimeoutMs?: number } = {},
): Promise<MigrationReport> {
  return db.connection().execute(async (session) => {
    // The app's pool caps statements and lock waits (db/app.ts). A run is exempt from both while it
    // waits for another instance's run and while it builds (an index on a large table may take
    // minutes), but each of its statements waits at most MIGRATION_LOCK_TIMEOUT_MS for a table's
    // lock: a DDL statement queued behind a long transaction would hold every later reader and
    // writer of that table in the queue behind it. The run then fails, applies nothing, and the
    // instance's next start tries again.
    await sql`set statement_timeout = 0`.execute(session);
    await sql`set lock_timeout = 0`.execute(session);
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY}::bigint)`.execute(session);
    await sql`set lock_timeout = ${sql.lit(lockTimeoutMs)}`.execute(session);
    try {
      const known = Object.keys(migrations).sort();
      const before = await appliedMigrations(session);
      const unknown = before.filter((name) => !Object.hasOwn(migrations, name));
      if (unknown.length > 0) throw new UnknownMigrationError(unknown, known.at(-1));

      const migrator = new Migrator({ db: session, provider: { getMigrations: () => Promise.resolve(migrations) } });
      const { error, results = [] } = await migrator.migrateToLatest();
      if (error !== undefined) {
        const failed = results.find((result) => result.status === "Error")?.migrationName ?? "bookkeeping";
        const reason = error instanceof Error ? error.message : JSON.stringify(error);
        throw new MigrationFailedError(
          `Migration ${failed} failed, so this run applied nothing (its migrations share one transaction): ${reason}`,
          {
            cause: error,
          },
        );
      }
      return {
        before,
        applied: results.filter((result) => result.status === "Success").map((result) => result.migrationName),
        after: await appliedMigrations(session),
      };
    } finally {
      // A broken connection has already released the lock with its session; do not hide the original error.
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`.execute(session).catch(() => {});
      // The connection goes back to the pool with the pool's own caps (RESET returns to the session's startup values).
      await sql`reset statement_timeout`.execute(session).catch(() => {});
      await sql`reset lock_timeout`.execute(session).catch(() => {});
    }
  });
}
