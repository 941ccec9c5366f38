import "server-only";

// Sign-in throttling with exponential backoff. Failures are counted per key
// (an email, a client address) inside a sliding window; from the threshold on,
// each further failure locks the key for twice as long as the previous one.
// In memory and per process: good enough for one dashboard instance, bounded
// so that a flood of random emails cannot grow it without limit.

export type ThrottleOptions = {
  maxAttempts: number;
  windowSeconds: number;
  /** First lockout once maxAttempts failures are reached; doubles per extra failure, capped at the window. */
  baseLockoutSeconds?: number;
  maxEntries?: number;
  now?: () => number;
};

type Entry = { failures: number; lastFailureAt: number; lockedUntil: number };

export type Throttle = {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number;
  recordFailure(key: string): void;
  reset(key: string): void;
};

export function createThrottle({ maxAttempts, windowSeconds, baseLockoutSeconds = 30, maxEntries = 10_000, now = Date.now }: ThrottleOptions): Throttle {
  const entries = new Map<string, Entry>();
  const windowMs = windowSeconds * 1000;

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && now() - entry.lastFailureAt > windowMs && now() >= entry.lockedUntil) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function makeRoom() {
    if (entries.size < maxEntries) return;
    // Maps iterate in insertion order, and recordFailure re-inserts, so the first key is the stalest.
    const oldest = entries.keys().next();
    if (!oldest.done) entries.delete(oldest.value);
  }

  return {
    retryAfter(key) {
      const entry = live(key);
      return entry ? Math.max(0, Math.ceil((entry.lockedUntil - now()) / 1000)) : 0;
    },
    recordFailure(key) {
      const previous = live(key);
      entries.delete(key);
      makeRoom();
      const failures = (previous?.failures ?? 0) + 1;
      const excess = failures - maxAttempts;
      const lockoutMs = excess < 0 ? 0 : Math.min(baseLockoutSeconds * 2 ** excess, windowSeconds) * 1000;
      entries.set(key, { failures, lastFailureAt: now(), lockedUntil: now() + lockoutMs });
    },
    reset(key) {
      entries.delete(key);
    },
  };
}
