import "server-only";
import { sql, type Kysely } from "kysely";
import { answerWithin } from "@/lib/answer-within";
import { EnvError } from "../env";
import { db } from "./app";
import { isConnectionError } from "./errors";

export type DatabaseHealth =
  { status: "ok"; latencyMs: number } | { status: "down"; reason: "not_configured" | "unreachable" | "timeout" | "error" };

/**
 * For /api/health: one `select 1`, bounded by `timeoutMs`. Never throws, so the
 * health route can report each dependency on its own. The reason is a word, not
 * the driver's message, which may name hosts.
 */
export async function checkDatabase<DB>(options: { database?: Kysely<DB>; timeoutMs?: number } = {}): Promise<DatabaseHealth> {
  const timeoutMs = options.timeoutMs ?? 1_000;
  let database: Kysely<DB> | ReturnType<typeof db>;
  try {
    database = options.database ?? db();
  } catch (err) {
    if (err instanceof EnvError) return { status: "down", reason: "not_configured" };
    throw err;
  }
  const started = performance.now();
  const query = sql`select 1`.execute(database);
  try {
    if ((await answerWithin(query, timeoutMs)) === undefined) {
      // The query keeps waiting for a connection until the pool's own timeout; its failure is not news.
      query.catch(() => {});
      return { status: "down", reason: "timeout" };
    }
    return { status: "ok", latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return { status: "down", reason: isConnectionError(err) ? "unreachable" : "error" };
  }
}
