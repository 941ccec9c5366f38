// When the NGN payout status page stops polling (§3, §4.6).
import { describe, expect, it } from "vitest";
import { isFinalPayout } from "@/features/nigeria/payout-status";

describe("isFinalPayout", () => {
  it.each([
    [{ status: "failed", settled: false }, true],
    // §4.6: complete on settled true, even before the status says success.
    [{ status: "pending", settled: true }, true],
    [{ status: "success", settled: true }, true],
    // Polled on until settled, so the page shows the settlement.
    [{ status: "success", settled: false }, false],
    [{ status: "pending", settled: null }, false],
  ] as const)("%o → %s", (payout, final) => {
    expect(isFinalPayout(payout)).toBe(final);
  });
});
