// Shared by the database globalSetup (main process) and setupTestDatabase (test workers).

/** The database every test database is cloned from, migrated once per run. */
export const TEMPLATE_DATABASE = "template_app";

declare module "vitest" {
  export interface ProvidedContext {
    /** A superuser URL on the run's Postgres server (embedded, or TEST_DATABASE_URL; never DATABASE_URL). */
    databaseAdminUrl: string;
  }
}

/** The same server and credentials, another database. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}
