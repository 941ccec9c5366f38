import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "./db/schema";

// What a staff member is told at their next sign-in (staff_notices, migration 0020), shown above
// every page until they dismiss it: today, an account whose code step was blocked (issue 54).

type Db = Kysely<Database>;

export type Notice = { id: string; message: string; createdAt: Date };

export async function addNotice(db: Db, email: string, message: string): Promise<void> {
  await db.insertInto("staff_notices").values({ user_email: email, message }).execute();
}

export async function openNotices(db: Db, email: string): Promise<Notice[]> {
  const rows = await db
    .selectFrom("staff_notices")
    .select(["id", "message", "created_at"])
    .where("user_email", "=", email)
    .where("dismissed_at", "is", null)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, message: row.message, createdAt: row.created_at }));
}

/** One's own notice only; false when there is no such open notice of theirs. */
export async function dismissNotice(db: Db, email: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable("staff_notices")
    .set({ dismissed_at: new Date() })
    .where("id", "=", id)
    .where("user_email", "=", email)
    .where("dismissed_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
