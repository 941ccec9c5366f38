import "server-only";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "./db/schema";

// Sign-in throttling with exponential backoff. Failures are counted per key
// (an email, a client address) inside a sliding window; from the threshold on,
// each further failure locks the key for twice as long as the previous one.
// The counters live in Postgres (sign_in_throttle), so every instance behind the
// load balancer counts the same failures. Each failure is one atomic upsert that
// computes the new count and lockout in SQL, so concurrent failures on two
// instances are all counted. Time is the database's clock (one clock for all
// instances) unless a test passes its own.

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
