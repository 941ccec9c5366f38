import { describe, expect, it } from "vitest";
import { isBackground, isBackgroundRead } from "@/lib/person-activity";

// Issue 54, defect 3: which reads leave the idle clock alone.
describe("background reads", () => {
  it("are the ones sent from a hidden tab or with no input from the person in the last 5 seconds", () => {
    const now = 1_000_000;
    expect(isBackground({ hidden: false, lastInputAt: now - 1_000, now })).toBe(false);
    expect(isBackground({ hidden: false, lastInputAt: now - 6_000, now })).toBe(true);
    expect(isBackground({ hidden: true, lastInputAt: now - 1_000, now })).toBe(true);
    expect(isBackground({ hidden: false, lastInputAt: Number.NEGATIVE_INFINITY, now })).toBe(true);
  });

  it("include every read of the transactions worker, which has no page to watch", () => {
    expect(typeof document).toBe("undefined");
    expect(isBackgroundRead()).toBe(true);
  });
});
