import { describe, expect, it } from "vitest";
import { createThrottle } from "@/lib/server/throttle";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
}

describe("createThrottle", () => {
  it("allows attempts up to the threshold, then locks out with doubling backoff", () => {
    const time = clock();
    const throttle = createThrottle({ maxAttempts: 3, windowSeconds: 900, baseLockoutSeconds: 30, now: time.now });
    throttle.recordFailure("a@x.test");
    throttle.recordFailure("a@x.test");
    expect(throttle.retryAfter("a@x.test")).toBe(0);
    throttle.recordFailure("a@x.test");
    expect(throttle.retryAfter("a@x.test")).toBe(30);
    time.advance(30);
    expect(throttle.retryAfter("a@x.test")).toBe(0);
    throttle.recordFailure("a@x.test");
    expect(throttle.retryAfter("a@x.test")).toBe(60);
    time.advance(60);
    throttle.recordFailure("a@x.test");
    expect(throttle.retryAfter("a@x.test")).toBe(120);
  });

  it("caps the lockout at the window and forgets failures after it", () => {
    const time = clock();
    const throttle = createThrottle({ maxAttempts: 1, windowSeconds: 100, baseLockoutSeconds: 30, now: time.now });
    for (let i = 0; i < 6; i++) throttle.recordFailure("k");
    expect(throttle.retryAfter("k")).toBe(100);
    time.advance(101);
    expect(throttle.retryAfter("k")).toBe(0);
    throttle.recordFailure("k"); // counted from scratch: first failure at threshold 1
    expect(throttle.retryAfter("k")).toBe(30);
  });

  it("keeps keys apart and resets one on demand", () => {
    const throttle = createThrottle({ maxAttempts: 1, windowSeconds: 900, now: clock().now });
    throttle.recordFailure("a");
    expect(throttle.retryAfter("a")).toBeGreaterThan(0);
    expect(throttle.retryAfter("b")).toBe(0);
    throttle.reset("a");
    expect(throttle.retryAfter("a")).toBe(0);
  });

  it("stays bounded, evicting the stalest key", () => {
    const throttle = createThrottle({ maxAttempts: 1, windowSeconds: 900, maxEntries: 2, now: clock().now });
    throttle.recordFailure("first");
    throttle.recordFailure("second");
    throttle.recordFailure("third");
    expect(throttle.retryAfter("first")).toBe(0);
    expect(throttle.retryAfter("second")).toBeGreaterThan(0);
    expect(throttle.retryAfter("third")).toBeGreaterThan(0);
  });
});
