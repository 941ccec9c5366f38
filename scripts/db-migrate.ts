// `npm run db:migrate`: brings the database to the latest migration, as DATABASE_MIGRATION_URL's
// role (else DATABASE_URL's, with a warning), and says where it was and where it is. The console also migrates at start-up (behind
// the same advisory lock); this is for a deploy step that runs it first.
// Runs under `tsx --conditions=react-server`, like the users CLI, so lib/server's
// "server-only" marker resolves outside Next.
import { createDatabase } from "@/lib/server/db/create";
import { describeDatabaseUrl } from "@/lib/server/db/url";
import { isConnectionError } from "@/lib/server/db/errors";
import { MigrationFailedError, migrateToLatest, UnknownMigrationError } from "@/lib/server/db/migrate";
import { grantAppRole, RuntimeRoleError, urlUser } from "@/lib/server/db/runtime-role";
import { databaseEnv, EnvError } from "@/lib/server/env";
import { loadEnvFiles } from "../lib/server/db/env-files";

function version(applied: string[]): string {
  return applied.at(-1) ?? "empty (no migrations)";
}

async function main(): Promise<void> {
  // A DATABASE_URL kept in .env.local counts here as it does for server.ts and the users CLI.
  loadEnvFiles(process.cwd());
  const env = databaseEnv();
  if (env.databaseUrl && !env.databaseMigrationUrl)
    console.error('Warning: DATABASE_MIGRATION_URL is not set: migrating as the app\'s own role (README "Deployment").');
  const databaseUrl = env.databaseMigrationUrl ?? env.databaseUrl;
  if (!databaseUrl)
    throw new EnvError("DATABASE_URL is not set: give the database to migrate, e.g. postgres://user:password@host:5432/console");
  const where = describeDatabaseUrl(databaseUrl);
  const db = createDatabase(databaseUrl, { max: 1, applicationName: "merchant-console db:migrate" });
  try {
    const report = await migrateToLatest(db);
    // The app's role gets console_app's rights here too, so a deploy step leaves it ready.
    if (env.databaseUrl && env.databaseMigrationUrl) await grantAppRole(db, urlUser(env.databaseUrl));
    console.log(`Database ${where}`);
    console.log(`  before: ${version(report.before)}`);
    console.log(report.applied.length > 0 ? `  applied: ${report.applied.join(", ")}` : "  applied: nothing, already at the latest");
    console.log(`  after: ${version(report.after)}`);
  } catch (err) {
    if (!isConnectionError(err)) throw err;
    console.error(`Cannot reach the database at ${where}.`);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  // The failures an operator can act on get their message alone; anything else keeps its stack.
  const expected =
    err instanceof EnvError ||
    err instanceof UnknownMigrationError ||
    err instanceof MigrationFailedError ||
    err instanceof RuntimeRoleError;
  console.error(expected ? err.message : err);
  process.exitCode = 1;
});
