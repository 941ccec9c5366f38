import "server-only";
import type { Kysely } from "kysely";
import { migrateToLatest } from "./migrate";
import type { Database } from "./schema";
import { describeUsersImport, importUsersFileOnce } from "./users-import";

/**
 * What runs before anything uses the database: migrations (behind their advisory lock),
 * then the one-time import of DASHBOARD_USERS_FILE when one is given. The server runs it
 * before it listens; the users CLI and the demo seeding too, so whichever touches a new
 * database first leaves it ready, and an upgrade's file is imported before the CLI adds
 * anyone (an account added first would make the table non-empty and skip the import).
 */
export async function prepareDatabase(db: Kysely<Database>, options: { usersFile?: string; log: (line: string) => void }): Promise<void> {
  const { applied, after } = await migrateToLatest(db);
  if (applied.length > 0) options.log(`Database migrated to ${after.at(-1)} (applied ${applied.join(", ")}).`);
  if (options.usersFile) options.log(describeUsersImport(await importUsersFileOnce(db, options.usersFile)));
}
