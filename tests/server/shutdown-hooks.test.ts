import { afterEach, describe, expect, it, vi } from "vitest";
import { addShutdownHook, runShutdownHooks } from "@/lib/server/lifecycle/shutdown-hooks";

describe("shutdown hooks", () => {
  afterEach(() => void vi.useRealTimers());

  it("runs every hook, survives a failing one, and never waits past its bound for a stuck one", async () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    addShutdownHook(() => (ran.push("anchor"), Promise.resolve()));
    addShutdownHook(() => Promise.reject(new Error("database gone")));
    addShutdownHook(() => new Promise<void>(() => ran.push("stuck")));
    let finished = false;
    const running = runShutdownHooks(200).then(() => (finished = true));
    expect(ran).toEqual(["anchor", "stuck"]);
    // The stuck hook holds it up to the bound, and no longer.
    await vi.advanceTimersByTimeAsync(199);
    expect(finished).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(finished).toBe(true);
    await running;
  });
});
