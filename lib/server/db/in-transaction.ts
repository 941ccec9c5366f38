import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * Runs `work` in a transaction: the caller's own when `db` already is one (the users CLI makes a
 * staff change and its audit entry in one), else a new one. Kysely cannot open a transaction
 * inside another, so a step that needs one takes it through here.
 */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
