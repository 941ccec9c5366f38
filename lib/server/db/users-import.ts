import "server-only";
import { readFile } from "node:fs/promises";
import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { ROLES } from "@/lib/permissions";
import type { Database } from "./schema";
import { normalizeEmail } from "./staff";

// Before the database, staff accounts lived in the JSON file DASHBOARD_USERS_FILE. The
// first start with an empty staff table imports that file's users as they are, with
// their password hashes and session versions, so nobody resets a password and signed-in
// staff stay signed in. The outcome is recorded in app_meta; from then on the database is
// the only source of accounts and a later start ignores the file (and says so).

/**
 * The app_meta key of the record.
 * @internal
 */
export const USERS_IMPORT_KEY = "users_file_import";

/** Taken for the import's transaction, so two instances starting together import once. */
const IMPORT_LOCK_KEY = "6102587341947736612";

const fileSchema = z.object({
  users: z.array(
    z.object({
      email: z.email(),
      name: z.string().min(1),
      role: z.enum(ROLES),
      passwordHash: z.string().startsWith("scrypt$"),
      sessionVersion: z.number().int().nonnegative(),
    }),
  ),
});

const recordSchema = z.union([
  z.object({ file: z.string(), importedAt: z.string(), users: z.number() }),
  z.object({ file: z.string(), skippedAt: z.string(), existingUsers: z.number() }),
]);
type UsersImportRecord = z.infer<typeof recordSchema>;

export type UsersImport =
  /** This call imported the file. */
  | { outcome: "imported"; file: string; users: number }
  /** An earlier start already settled the file (imported or skipped it): ignored. */
  | { outcome: "ignored"; file: string; record: UsersImportRecord }
  /** First sight, but the table already had accounts (added with the CLI): not imported, recorded. */
  | { outcome: "skipped"; file: string; existingUsers: number }
  /** The file does not exist: nothing imported, nothing recorded. */
  | { outcome: "missing"; file: string };

export class UsersFileError extends Error {
  override name = "UsersFileError";
}

async function readUsersFile(file: string): Promise<z.infer<typeof fileSchema> | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsersFileError(`The users file ${file} is not JSON; fix or unset DASHBOARD_USERS_FILE.`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) throw new UsersFileError(`The users file ${file} is malformed: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

async function record(db: Kysely<Database>, value: UsersImportRecord): Promise<void> {
  await db
    .insertInto("app_meta")
    .values({ key: USERS_IMPORT_KEY, value: JSON.stringify(value) })
    .execute();
}

/** Imports `file` into staff_users if no start has settled it yet; see UsersImport for the outcomes. */
export async function importUsersFileOnce(db: Kysely<Database>, file: string): Promise<UsersImport> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY}::bigint)`.execute(trx);
    const previous = await trx.selectFrom("app_meta").select("value").where("key", "=", USERS_IMPORT_KEY).executeTakeFirst();
    if (previous) return { outcome: "ignored", file, record: recordSchema.parse(previous.value) };

    const data = await readUsersFile(file);
    if (!data) return { outcome: "missing", file };
    const { count } = await trx
      .selectFrom("staff_users")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    const existingUsers = Number(count);
    const now = new Date().toISOString();
    if (existingUsers > 0) {
      await record(trx, { file, skippedAt: now, existingUsers });
      return { outcome: "skipped", file, existingUsers };
    }
    if (data.users.length > 0) {
      await trx
        .insertInto("staff_users")
        .values(
          data.users.map((user) => ({
            email: normalizeEmail(user.email),
            name: user.name,
            role: user.role,
            password_hash: user.passwordHash,
            session_version: user.sessionVersion,
          })),
        )
        // The file kept emails normalised and unique; a hand-edited duplicate keeps its first entry.
        .onConflict((oc) => oc.column("email").doNothing())
        .execute();
    }
    await record(trx, { file, importedAt: now, users: data.users.length });
    return { outcome: "imported", file, users: data.users.length };
  });
}

/** The start-up log line for an outcome. */
export function describeUsersImport(result: UsersImport): string {
  const setting = `DASHBOARD_USERS_FILE=${result.file}`;
  switch (result.outcome) {
    case "imported":
      return `Imported ${result.users} staff users from ${setting} into the database, with their passwords and sessions. Recorded: later starts ignore the file; manage staff with npm run users.`;
    case "ignored": {
      const earlier = result.record;
      const what =
        "importedAt" in earlier
          ? `staff users were imported from ${earlier.file} on ${earlier.importedAt}`
          : `the database already had staff users when ${earlier.file} was first seen on ${earlier.skippedAt}`;
      return `Ignoring ${setting}: ${what}. The database holds the staff accounts; manage them with npm run users.`;
    }
    case "skipped":
      return `Not importing ${setting}: the database already has ${result.existingUsers} staff users. Recorded: later starts ignore the file.`;
    case "missing":
      return `${setting} does not exist: no staff users imported.`;
  }
}
