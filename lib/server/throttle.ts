import "server-only";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "./db/schema";

// Sign-in throttling with exponential backoff: failures per key (an email, an address) in a sliding
// window, each one past the threshold locking the key twice as long. Counters live in Postgres, one
// atomic upsert per failure, so every instance counts them all; time is the database's clock
// unless a test passes its own (docs/decisions/0046, 0124).

export type ThrottleOptions = {
  /** Keeps the counters of one throttle apart from another's ("email", "address"). */
  scope: string;
  maxAttempts: number;
  windowSeconds: number;
  /** First lockout once maxAttempts failures are reached; doubles per extra failure, capped at maxLockoutSeconds. */
  baseLockoutSeconds?: number;
  /** The longest lockout (default: the window). A short cap slows a key down without ever locking it out. */
  maxLockoutSeconds?: number;
  /** For tests: milliseconds since the epoch. Default: the database's now(). */
  now?: () => number;
};

export type Throttle = {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

/** 2^60 × any base lockout is far beyond any window, and keeps power() clear of overflow. */
const MAX_DOUBLINGS = 60;

export function createThrottle(db: Kysely<Database>, options: ThrottleOptions): Throttle {
  const { scope, maxAttempts, windowSeconds, baseLockoutSeconds = 30, maxLockoutSeconds = windowSeconds, now } = options;
  const at = (): RawBuilder<Date> => (now ? sql<Date>`${new Date(now())}::timestamptz` : sql<Date>`now()`);
  // Numbers go as typed parameters: an untyped one would compare as text ('10' < '5').
  const window = sql`make_interval(secs => ${windowSeconds}::float8)`;
  const lockoutAfter = (failures: RawBuilder<number>) => sql`case
    when ${failures} < ${maxAttempts}::int then interval '0'
    else make_interval(secs => least(
      ${baseLockoutSeconds}::float8 * power(2, least(${failures} - ${maxAttempts}::int, ${MAX_DOUBLINGS}::int)),
      ${maxLockoutSeconds}::float8))
    end`;

  return {
    async retryAfter(key) {
      // An expired row's lockout is over too, so it gives 0 like a missing one.
      const row = await db
        .selectFrom("sign_in_throttle")
        .select(sql<string>`greatest(0, ceil(extract(epoch from locked_until - ${at()})))`.as("wait"))
        .where("scope", "=", scope)
        .where("key", "=", key)
        .executeTakeFirst();
      return row ? Number(row.wait) : 0;
    },

    async recordFailure(key) {
      const time = at();
      // Past its window with its lockout over, a row is expired: counting starts again at 1.
      const failures = sql<number>`(case
        when t.last_failure_at < ${time} - ${window} and t.locked_until <= ${time} then 1
        else t.failures + 1 end)`;
      await sql`
        insert into sign_in_throttle as t (scope, key, failures, last_failure_at, locked_until)
        values (${scope}, ${key}, 1, ${time}, ${time} + ${lockoutAfter(sql<number>`1`)})
        on conflict (scope, key) do update set
          failures = ${failures},
          last_failure_at = ${time},
          locked_until = ${time} + ${lockoutAfter(failures)}
      `.execute(db);
      // Expired rows are dead weight: a flood of random emails must not grow the table past one window.
      await db
        .deleteFrom("sign_in_throttle")
        .where("scope", "=", scope)
        .where(sql<boolean>`last_failure_at < ${time} - ${window} and locked_until <= ${time}`)
        .execute();
    },

    async reset(key) {
      await db.deleteFrom("sign_in_throttle").where("scope", "=", scope).where("key", "=", key).execute();
    },
  };
}
