import { describe, expect, it } from "vitest";
import { landedElsewhere } from "../../scripts/bench/pages";

describe("landedElsewhere (a measured page that sent its visitor on)", () => {
  it("is null for the page asked for, whatever its query", () => {
    expect(landedElsewhere("http://localhost:3200/transactions", "http://localhost:3200/transactions?type=payout")).toBeNull();
  });

  it("names the page it ended on", () => {
    expect(landedElsewhere("http://localhost:3200/transactions", "http://localhost:3200/sign-in?returnTo=%2F")).toBe("/sign-in");
    expect(landedElsewhere("http://localhost:3200/sign-in/code", "http://localhost:3200/")).toBe("/");
  });
});
