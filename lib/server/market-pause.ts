import "server-only";
import { sql, type Kysely } from "kysely";
import { PaymentsApiError } from "@/lib/payments";
import type { Environment } from "@/lib/rails";
import { db } from "./db/app";
import type { Database } from "./db/schema";
import { failureFields, logger } from "./logger";

// §1 rule 9: the Bangladesh rail may be paused and no endpoint says so; the only signal is a write
// answering payment_unavailable. It is remembered per environment (market_pauses, shared by every
// instance) until a later Bangladesh write succeeds or PAUSE_MEMORY_MS passes (docs/decisions/0025, 0127).
/** @internal */
export const PAUSE_MEMORY_MS = 10 * 60 * 1000;

const MARKET = "bangladesh";

export type PauseStore = {
  isPaused(mode: Environment): Promise<boolean>;
  observePaused(mode: Environment): Promise<void>;
  observeWorking(mode: Environment): Promise<void>;
};

/** @internal */
export function createPauseStore(database: Kysely<Database>, now?: () => number): PauseStore {
  const at = () => (now ? sql<Date>`${new Date(now())}::timestamptz` : sql<Date>`now()`);
  return {
    async isPaused(mode) {
      const row = await database
        .selectFrom("market_pauses")
        .select("since")
        .where("environment", "=", mode)
        .where("market", "=", MARKET)
        .where(sql<boolean>`since > ${at()} - make_interval(secs => ${PAUSE_MEMORY_MS / 1000}::float8)`)
        .executeTakeFirst();
      return row !== undefined;
    },
    async observePaused(mode) {
      await database
        .insertInto("market_pauses")
        .values({ environment: mode, market: MARKET, since: at() })
        .onConflict((conflict) => conflict.columns(["environment", "market"]).doUpdateSet({ since: (eb) => eb.ref("excluded.since") }))
        .execute();
    },
    async observeWorking(mode) {
      await database.deleteFrom("market_pauses").where("environment", "=", mode).where("market", "=", MARKET).execute();
    },
  };
}

const appStore = () => createPauseStore(db());

export function isBangladeshPaused(mode: Environment, store: PauseStore = appStore()): Promise<boolean> {
  return store.isPaused(mode);
}

/**
 * What the write answered decides the write's outcome, never whether it could be noted: a
 * failure to record the observation is logged, so a created payment is never reported as
 * lost and a refusal keeps its own error.
 */
async function note(observe: () => Promise<void>): Promise<void> {
  await observe().catch((err: unknown) => logger.warn("could not record the Bangladesh market state", failureFields(err)));
}

/** Every Bangladesh write (POST /v1/payins, POST /v1/payouts) goes through this, so the market state follows it. */
export async function trackBangladeshWrite<T>(mode: Environment, write: () => Promise<T>, store: PauseStore = appStore()): Promise<T> {
  let result: T;
  try {
    result = await write();
  } catch (err) {
    if (err instanceof PaymentsApiError && err.code === "payment_unavailable") await note(() => store.observePaused(mode));
    throw err;
  }
  await note(() => store.observeWorking(mode));
  return result;
}
