// lib/answer-within.ts: a bounded wait for work that goes on (the merchant header's read, the
// transactions page's first rows, the health probe's query).
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerWithin } from "@/lib/answer-within";

describe("answerWithin", () => {
  afterEach(() => void vi.useRealTimers());

  it("gives the answer that settles in time", async () => {
    expect(await answerWithin(Promise.resolve({ rows: 3 }), 50)).toEqual({ rows: 3 });
  });

  it("gives undefined once the time is up, leaving the work to go on", async () => {
    vi.useFakeTimers();
    let finish: (value: string) => void = () => undefined;
    const work = new Promise<string>((resolve) => (finish = resolve));
    const bounded = answerWithin(work, 300);
    await vi.advanceTimersByTimeAsync(299);
    let settled = false;
    void bounded.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await bounded).toBeUndefined();
    finish("late");
    expect(await work).toBe("late");
  });

  it("passes on a rejection that comes in time", async () => {
    await expect(answerWithin(Promise.reject(new Error("refused")), 50)).rejects.toThrow("refused");
  });

  it("leaves no timer behind once settled", async () => {
    vi.useFakeTimers();
    await answerWithin(Promise.resolve(1), 10_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
