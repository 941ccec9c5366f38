import { describe, expect, it } from "vitest";
import { withKeyedLock } from "@/lib/server/keyed-lock";

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe("withKeyedLock", () => {
  it("runs work sharing a key one at a time, in arrival order, and work on other keys alongside", async () => {
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`${name} in`);
      await tick();
      log.push(`${name} out`);
      return name;
    };
    const results = await Promise.all([
      withKeyedLock(["email:a", "address:1"], step("first")),
      withKeyedLock(["address:1", "email:b"], step("second")),
      withKeyedLock(["email:c", "address:2"], step("apart")),
    ]);
    expect(results).toEqual(["first", "second", "apart"]);
    expect(log.indexOf("first out")).toBeLessThan(log.indexOf("second in"));
    expect(log.indexOf("apart in")).toBeLessThan(log.indexOf("first out"));
  });

  it("never deadlocks two callers taking the same keys in another order, and frees a key when the work throws", async () => {
    const done = await Promise.all([
      withKeyedLock(["a", "b"], async () => {
        await tick();
        return 1;
      }),
      withKeyedLock(["b", "a"], async () => {
        await tick();
        return 2;
      }),
    ]);
    expect(done).toEqual([1, 2]);
    await expect(withKeyedLock(["a"], () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    await expect(withKeyedLock(["a"], () => Promise.resolve("free again"))).resolves.toBe("free again");
  });
});
