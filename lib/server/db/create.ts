import "server-only";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

export type DatabaseOptions = {
  /** Pool size of this process; N instances open up to N × max connections. */
  max: number;
  /**
   * How long a query waits for a connection (to open one, or for a busy pool to
   * free one) before failing. Short, so an unreachable database becomes a quick
   * 503 `database_unavailable` rather than a request hanging until the browser gives up.
   */
  connectionTimeoutMillis?: number;
  /** Shown in pg_stat_activity, so an operator can tell the console's sessions apart. */
  applicationName?: string;
  /**
   * An idle pooled connection that breaks (a server restart, a failover) is
   * reported here. pg-pool emits it as an 'error' event, which would crash the
   * process if nobody listened; the pool has already dropped the connection.
   */
  onIdleError?: (err: Error) => void;
  /** Postgres's statement_timeout for every session of the pool (none when absent). */
  statementTimeoutMs?: number;
  /** Postgres's lock_timeout for every session of the pool (none when absent). */
  lockTimeoutMs?: number;
};

/** A Kysely instance over its own pg Pool. `destroy()` closes the pool. */
export function createDatabase<DB = Database>(url: string, options: DatabaseOptions): Kysely<DB> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    application_name: options.applicationName ?? "merchant-console",
    // Sent as the session's startup parameters, so they hold from its first statement on.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.lockTimeoutMs ? { lock_timeout: options.lockTimeoutMs } : {}),
  });
  pool.on("error", options.onIdleError ?? (() => {}));
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
