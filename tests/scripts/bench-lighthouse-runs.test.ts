import { describe, expect, it } from "vitest";
import { LIGHTHOUSE_MEDIAN_ROUTES, LIGHTHOUSE_RUNS, lighthouseRunsFor } from "../../scripts/bench/config";

describe("lighthouseRunsFor (how many Lighthouse runs a page's scores are the median of)", () => {
  it("gives /transactions, scored while 100,000 rows stream in, at least 3", () => {
    expect(LIGHTHOUSE_MEDIAN_ROUTES.has("/transactions")).toBe(true);
    expect(lighthouseRunsFor("/transactions")).toBe(Math.max(3, LIGHTHOUSE_RUNS));
    expect(lighthouseRunsFor("/transactions")).toBeGreaterThanOrEqual(3);
  });

  it("gives every other page the bench's own count, whatever its route looks like", () => {
    for (const route of ["/", "/payouts", "/transactions/[id]", "/nigeria/payouts", "/sign-in"])
      expect(lighthouseRunsFor(route)).toBe(LIGHTHOUSE_RUNS);
  });
});
