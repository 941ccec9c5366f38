import { describe, expect, it, onTestFinished } from "vitest";
import { createDatabase } from "@/lib/server/db/create";
import type { Database } from "@/lib/server/db/schema";
import { createThrottle, type ThrottleOptions } from "@/lib/server/throttle";
import { setupTestDatabase } from "../support/db";

const database = setupTestDatabase();

function clock(start = Date.parse("2030-01-01T08:00:00Z")) {
  let now = start;
  return { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
}

// Each test its own scope, so the tests share the file's database without sharing counters.
let scopes = 0;
function throttle(options: Omit<ThrottleOptions, "scope">, db = database.db, scope = `test-${++scopes}`) {
  return createThrottle(db, { scope, ...options });
}

/** Another instance: its own pool on the same database. */
function secondInstance() {
  const pool = createDatabase<Database>(database.url, { max: 4 });
  onTestFinished(() => pool.destroy());
  return pool;
}

async function rows(scope: string) {
  return database.db.selectFrom("sign_in_throttle").select(["key", "failures"]).where("scope", "=", scope).orderBy("key").execute();
}

describe("createThrottle", () => {
  it("allows attempts up to the threshold, then locks out with doubling backoff", async () => {
    const time = clock();
    const t = throttle({ maxAttempts: 3, windowSeconds: 900, baseLockoutSeconds: 30, now: time.now });
    await t.recordFailure("a@x.test");
    await t.recordFailure("a@x.test");
    expect(await t.retryAfter("a@x.test")).toBe(0);
    await t.recordFailure("a@x.test");
    expect(await t.retryAfter("a@x.test")).toBe(30);
    time.advance(30);
    expect(await t.retryAfter("a@x.test")).toBe(0);
    await t.recordFailure("a@x.test");
    expect(await t.retryAfter("a@x.test")).toBe(60);
    time.advance(60);
    await t.recordFailure("a@x.test");
    expect(await t.retryAfter("a@x.test")).toBe(120);
    time.advance(119.2);
    expect(await t.retryAfter("a@x.test")).toBe(1); // rounded up, as Retry-After is
  });

  it("caps the lockout at the window and forgets failures after it", async () => {
    const time = clock();
    const t = throttle({ maxAttempts: 1, windowSeconds: 100, baseLockoutSeconds: 30, now: time.now }, database.db, "capped");
    for (let i = 0; i < 6; i++) await t.recordFailure("k");
    expect(await t.retryAfter("k")).toBe(100);
    // After thousands of failures 30 × 2^n would overflow a double; the lockout stays at the window.
    await database.db.updateTable("sign_in_throttle").set({ failures: 5_000 }).where("scope", "=", "capped").execute();
    await t.recordFailure("k");
    expect(await t.retryAfter("k")).toBe(100);
    time.advance(101);
    expect(await t.retryAfter("k")).toBe(0);
    await t.recordFailure("k"); // counted from scratch: first failure at threshold 1
    expect(await t.retryAfter("k")).toBe(30);
  });

  it("slows without locking when the lockout is capped short: 1 s doubling, never past 30 s (the sign-in delays)", async () => {
    const time = clock();
    const t = throttle({ maxAttempts: 5, windowSeconds: 900, baseLockoutSeconds: 1, maxLockoutSeconds: 30, now: time.now });
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      await t.recordFailure("k");
      const wait = await t.retryAfter("k");
      waits.push(wait);
      time.advance(wait);
    }
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 30, 30, 30]);
  });

  it("keeps keys and scopes apart and resets one key on demand", async () => {
    const time = clock();
    const emails = throttle({ maxAttempts: 1, windowSeconds: 900, now: time.now });
    const addresses = throttle({ maxAttempts: 1, windowSeconds: 900, now: time.now });
    await emails.recordFailure("a");
    expect(await emails.retryAfter("a")).toBeGreaterThan(0);
    expect(await emails.retryAfter("b")).toBe(0);
    expect(await addresses.retryAfter("a")).toBe(0);
    await addresses.recordFailure("a");
    await emails.reset("a");
    expect(await emails.retryAfter("a")).toBe(0);
    expect(await addresses.retryAfter("a")).toBeGreaterThan(0);
  });

  it("removes expired counters, so the table holds at most one window of failures", async () => {
    const time = clock();
    const scope = "pruned";
    const t = throttle({ maxAttempts: 5, windowSeconds: 60, now: time.now }, database.db, scope);
    for (let i = 0; i < 20; i++) await t.recordFailure(`flood-${i}@x.test`);
    expect(await rows(scope)).toHaveLength(20);
    time.advance(61);
    await t.recordFailure("later@x.test");
    expect(await rows(scope)).toEqual([{ key: "later@x.test", failures: 1 }]);
  });

  it("counts failures sent to two instances together, on the database's clock", async () => {
    const scope = "shared";
    const [a, b] = [database.db, secondInstance()].map((db) => createThrottle(db, { scope, maxAttempts: 4, windowSeconds: 900 }));
    await a!.recordFailure("ann@x.test");
    await b!.recordFailure("ann@x.test");
    await a!.recordFailure("ann@x.test");
    expect(await b!.retryAfter("ann@x.test")).toBe(0);
    await b!.recordFailure("ann@x.test");
    // The fourth failure, two on each instance, locks the key on both.
    expect(await a!.retryAfter("ann@x.test")).toBe(30);
    expect(await b!.retryAfter("ann@x.test")).toBe(30);
    await b!.reset("ann@x.test");
    expect(await a!.retryAfter("ann@x.test")).toBe(0);
  });

  it("loses no failure when instances record them at the same moment (one atomic upsert each)", async () => {
    const scope = "concurrent";
    const pools = [database.db, secondInstance()];
    const throttles = pools.map((db) => createThrottle(db, { scope, maxAttempts: 1_000, windowSeconds: 900 }));
    await Promise.all(Array.from({ length: 40 }, (_, i) => throttles[i % 2]!.recordFailure("race@x.test")));
    expect(await rows(scope)).toEqual([{ key: "race@x.test", failures: 40 }]);
  });
});

describe("throttledAddress", () => {
  it("counts IPv6 per /64 whatever its spelling, IPv4 and IPv4-mapped IPv6 per address", async () => {
    const { throttledAddress } = await import("@/lib/server/sign-in-throttle");
    expect(throttledAddress("2001:db8:4:7::1")).toBe("2001:db8:4:7::/64");
    expect(throttledAddress("2001:0DB8:0004:0007:abcd:0:0:1")).toBe("2001:db8:4:7::/64");
    expect(throttledAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(throttledAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(throttledAddress("::1")).toBe("0:0:0:0::/64");
    expect(throttledAddress("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(throttledAddress("198.51.100.7")).toBe("198.51.100.7");
    expect(throttledAddress("unknown")).toBe("unknown");
  });
});
