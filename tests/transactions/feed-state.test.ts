import { describe, expect, it } from "vitest";
import { holdsEveryRow } from "@/lib/transactions/feed-state";

describe("holdsEveryRow", () => {
  it("is false while the BFF is still reading upstream, whatever the tab holds", () => {
    expect(holdsEveryRow({ complete: false, loaded: 0, total: null })).toBe(false);
    expect(holdsEveryRow({ complete: false, loaded: 500, total: 2_000 })).toBe(false);
  });

  it("is false for a tab with only the server-rendered rows of a list the BFF holds whole", () => {
    expect(holdsEveryRow({ complete: true, loaded: 100, total: 2_000 })).toBe(false);
  });

  it("is true once the tab holds as many rows as upstream counts, or more (rows added since the count)", () => {
    expect(holdsEveryRow({ complete: true, loaded: 2_000, total: 2_000 })).toBe(true);
    expect(holdsEveryRow({ complete: true, loaded: 2_003, total: 2_000 })).toBe(true);
  });

  it("is true for a complete list whose upstream total was never given", () => {
    expect(holdsEveryRow({ complete: true, loaded: 0, total: null })).toBe(true);
  });
});
