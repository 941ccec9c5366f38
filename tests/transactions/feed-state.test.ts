import { describe, expect, it } from "vitest";
import { holdsEveryRow, type LoadState } from "@/features/transactions/feed-state";

const state = (patch: Partial<LoadState>): LoadState => ({
  status: "loading",
  complete: true,
  loaded: 0,
  unreadable: 0,
  total: null,
  ...patch,
});

describe("holdsEveryRow", () => {
  it("is false while the BFF is still reading upstream, whatever the tab holds", () => {
    expect(holdsEveryRow(state({ complete: false }))).toBe(false);
    expect(holdsEveryRow(state({ complete: false, loaded: 500, total: 2_000 }))).toBe(false);
    expect(holdsEveryRow(state({ complete: false, status: "ready", loaded: 500, total: 2_000 }))).toBe(false);
  });

  it("is false for a tab with only the server-rendered rows of a list the BFF holds whole", () => {
    expect(holdsEveryRow(state({ status: "idle", loaded: 100, total: 2_000 }))).toBe(false);
    expect(holdsEveryRow(state({ loaded: 100, total: 2_000 }))).toBe(false);
  });

  it("is false for a load cancelled or failed before the tab caught up", () => {
    expect(holdsEveryRow(state({ status: "cancelled", loaded: 900, total: 2_000 }))).toBe(false);
    expect(holdsEveryRow(state({ status: "error", loaded: 900, total: 2_000 }))).toBe(false);
  });

  it("is true once the tab holds as many rows as upstream counts, or more, while a refresh runs", () => {
    expect(holdsEveryRow(state({ loaded: 2_000, total: 2_000 }))).toBe(true);
    expect(holdsEveryRow(state({ loaded: 2_003, total: 2_000 }))).toBe(true);
  });

  it("counts the rows the BFF could not read as held: no load brings them", () => {
    expect(holdsEveryRow(state({ loaded: 1_998, unreadable: 2, total: 2_000 }))).toBe(true);
    expect(holdsEveryRow(state({ loaded: 1_997, unreadable: 2, total: 2_000 }))).toBe(false);
    expect(holdsEveryRow(state({ complete: false, loaded: 1_998, unreadable: 2, total: 2_000 }))).toBe(false);
  });

  it("is true once the tab has caught up with a complete list, even if upstream's count says more", () => {
    expect(holdsEveryRow(state({ status: "ready", loaded: 1_998, total: 2_000 }))).toBe(true);
    expect(holdsEveryRow(state({ status: "ready", total: null }))).toBe(true);
  });
});
