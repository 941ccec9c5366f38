import { describe, expect, it } from "vitest";
import { gaps, originalInterval, pagesFor } from "@/features/transactions/server/coverage";

describe("coverage", () => {
  it("places a page in the coordinates of the list when loading began", () => {
    expect(originalInterval(200, 100, 1005, 1000)).toEqual({ start: 195, end: 295 });
  });

  it("finds the ranges no page covered, and the page requests that fill them", () => {
    const holes = gaps(
      [
        { start: 0, end: 100 },
        { start: 95, end: 195 },
        { start: 200, end: 300 },
      ],
      450,
    );
    expect(holes).toEqual([
      { start: 195, end: 200 },
      { start: 300, end: 450 },
    ]);
    expect(pagesFor(holes, 100)).toEqual([
      { start: 195, end: 200 },
      { start: 300, end: 400 },
      { start: 400, end: 450 },
    ]);
  });
});
