import { describe, expect, it } from "vitest";
import { rowWindowOf, spanOf } from "@/features/transactions/components/use-row-window";

const ROW = 41;
const at = (scrollTop: number, height: number, count: number, overscan = 12) =>
  rowWindowOf(spanOf(scrollTop, height, ROW), { count, rowHeight: ROW, overscan });

describe("the table's rows in view (fixed row height)", () => {
  it("renders the rows a 540 px box shows at the top, and the overscan below them", () => {
    // 540 / 41 = 13.2: rows 0 … 13 are (partly) in view, then 12 more.
    expect(at(0, 540, 100_000)).toEqual({ first: 0, last: 25, top: 0, bottom: (100_000 - 26) * ROW });
  });

  it("keeps the rows above and below the view as spacer heights, the list's height whole", () => {
    const range = at(41 * 500 + 20, 540, 100_000);
    expect(range.first).toBe(500 - 12);
    // 41 × 500 + 20 + 540 reaches into row 513.
    expect(range.last).toBe(513 + 12);
    expect(range.top + (range.last - range.first + 1) * ROW + range.bottom).toBe(100_000 * ROW);
  });

  it("a row whose bottom edge is the view's bottom is the last in view, as @tanstack/react-virtual counted", () => {
    expect(at(0, 41 * 10, 1_000, 0)).toMatchObject({ first: 0, last: 9 });
    expect(at(0, 41 * 10 + 1, 1_000, 0)).toMatchObject({ first: 0, last: 10 });
  });

  it("stops at the list's ends", () => {
    expect(at(41 * 990, 540, 1_000)).toMatchObject({ first: 978, last: 999, bottom: 0 });
    expect(at(0, 540, 5)).toEqual({ first: 0, last: 4, top: 0, bottom: 0 });
    // A filter that left fewer rows than the box was scrolled past: the last rows, never an empty range.
    expect(at(41 * 5_000, 540, 30)).toMatchObject({ first: 17, last: 29, bottom: 0 });
  });

  it("renders no row of an empty list", () => {
    expect(at(0, 540, 0)).toEqual({ first: 0, last: -1, top: 0, bottom: 0 });
  });
});
