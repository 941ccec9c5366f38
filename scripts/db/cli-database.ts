// The database a CLI (npm run users, npm run audit, the demo seeding) works on: DATABASE_URL, or
// else the local embedded server that DATABASE_EMBEDDED names (.env.local counts), by default
// the demo's (.data/pg on 127.0.0.1:54329), so `npm run users -- …` works beside a running demo
// with no set-up; its passwords come from the cluster's credentials file. Prepared as the server
// prepares it at start (migrations as the migrating role, the one-time users file import), so a
// CLI can be the first thing to touch a new database; then it works as the app's own role.
// Runs under `tsx --conditions=react-server` (lib/server/env.ts is server-only).
import type { Kysely } from "kysely";
import { createDatabase } from "@/lib/server/db/create";
import { describeDatabaseUrl } from "@/lib/server/db/url";
import { isConnectionError } from "@/lib/server/db/errors";
import { migrationState } from "@/lib/server/db/migrate";
import { prepareDatabase } from "@/lib/server/db/prepare";
import { grantAppRole, urlUser } from "@/lib/server/db/runtime-role";
import type { Database } from "@/lib/server/db/schema";
import { databaseEnv } from "@/lib/server/env";
import { DEMO_EMBEDDED, embeddedUrls, readCredentials } from "@/lib/server/db/embedded-url";
import { loadEnvFiles } from "@/lib/server/db/env-files";

/** A failure the CLI prints as it is, without a stack. */
export class CliDatabaseError extends Error {
  override name = "CliDatabaseError";
}

/** The app's URL and the migrating role's: DATABASE_URL (and DATABASE_MIGRATION_URL), else the embedded cluster's. */
async function urlsOf(env: ReturnType<typeof databaseEnv>): Promise<{ url: string; migrationUrl: string; demo: boolean }> {
  if (env.databaseUrl) return { url: env.databaseUrl, migrationUrl: env.databaseMigrationUrl ?? env.databaseUrl, demo: false };
  const dataDir = env.databaseEmbedded?.dataDir ?? DEMO_EMBEDDED.dataDir;
  const port = env.databaseEmbedded?.port ?? DEMO_EMBEDDED.port;
  const credentials = await readCredentials(dataDir).catch((err: unknown) => {
    throw new CliDatabaseError(err instanceof Error ? err.message : String(err));
  });
  if (!credentials)
    throw new CliDatabaseError(
      `No embedded database at ${dataDir} (no credentials file there). Start \`npm run demo\` (or \`npm start\` with DATABASE_EMBEDDED) first, or set DATABASE_URL to the console's database.`,
    );
  return { ...embeddedUrls(port, credentials), demo: credentials.demo === true };
}

/**
 * The prepared database, as the app's role; where it is (host:port/name, no password) for the
 * CLI's output, whether it is the local embedded one (no DATABASE_URL), and whether that one is
 * `npm run demo`'s.
 */
export async function openCliDatabase(
  tool: string,
  { migrate = false }: { migrate?: boolean } = {},
): Promise<{ db: Kysely<Database>; where: string; local: boolean; demo: boolean }> {
  // DATABASE_URL may live in .env.local, as the server's does.
  loadEnvFiles(process.cwd());
  const env = databaseEnv();
  const { databaseUrl } = env;
  const { url, migrationUrl, demo } = await urlsOf(env);
  const where = describeDatabaseUrl(url);
  if (!databaseUrl) console.error(`DATABASE_URL is not set: using the local embedded database at ${where}.`);
  const setup = createDatabase<Database>(migrationUrl, { max: 1, applicationName: `merchant-console ${tool} setup` });
  try {
    // A named database part-way through its migrations is a deployment's: the CLI of a newer
    // release run against it before the deploy would migrate it under the version still serving.
    // It migrates a new database (a CLI may be the first thing to touch one), the local embedded
    // one, and the demo's (`migrate`); anything else is left to `npm run db:migrate`.
    const { applied, pending } = await migrationState(setup);
    if (databaseUrl && !migrate && applied.length > 0 && pending.length > 0) {
      throw new CliDatabaseError(
        `Nothing was done: the database at ${where} is at migration ${applied.at(-1)}, and this version of the console expects ${pending.at(-1)}. Migrate it first with \`npm run db:migrate\` (as a deploy does), then run this again.`,
      );
    }
    // DASHBOARD_USERS_FILE is the pre-database users file; read here like the server reads it at start.
    await prepareDatabase(setup, { usersFile: process.env.DASHBOARD_USERS_FILE || undefined, log: (line) => console.error(line) });
    await grantAppRole(setup, urlUser(url));
  } catch (err) {
    if (!isConnectionError(err)) throw err;
    const hint = databaseUrl
      ? "Check DATABASE_URL."
      : "Start `npm run demo` (or `npm start` with DATABASE_EMBEDDED) first, or set DATABASE_URL to the console's database.";
    throw new CliDatabaseError(`Cannot reach the database at ${where}. ${hint}`, { cause: err });
  } finally {
    await setup.destroy();
  }
  const db = createDatabase<Database>(url, { max: 2, applicationName: `merchant-console ${tool}` });
  return { db, where, local: !databaseUrl, demo };
}
