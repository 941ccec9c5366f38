import { describe, expect, it } from "vitest";
import { addShutdownHook, runShutdownHooks } from "@/server/edge/shutdown-hooks";

describe("shutdown hooks", () => {
  it("runs every hook, survives a failing one, and never waits past its bound for a stuck one", async () => {
    const ran: string[] = [];
    addShutdownHook(() => (ran.push("anchor"), Promise.resolve()));
    addShutdownHook(() => Promise.reject(new Error("database gone")));
    addShutdownHook(() => new Promise<void>(() => ran.push("stuck")));
    const started = Date.now();
    await runShutdownHooks(200);
    expect(ran).toEqual(["anchor", "stuck"]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
