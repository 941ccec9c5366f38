import { describe, expect, it } from "vitest";
import type { TransactionRow } from "@/lib/transactions/types";
import { RowStore } from "@/lib/server/transactions/row-store";

function row(id: string, createdAt: string): TransactionRow {
  return {
    id,
    type: "payin",
    status: "success",
    amount: "1.00",
    currency: "BDT",
    rail: "bangladesh",
    railLabel: "Bangladesh",
    paidAmount: null,
    platformOrderId: `PO-${id}`,
    createdAt,
    completedAt: null,
  };
}

describe("RowStore orderings", () => {
  // Same instants, written three ways: string order alone would put c first and a last.
  const rows = [
    row("a", "2026-11-22T10:00:00+02:00"), // 08:00Z
    row("b", "2026-11-22T09:00:00.000Z"),
    row("c", "2026-11-22T07:30:00Z"),
    row("d", "2026-11-22T09:00:00.001Z"),
  ];

  it("picks the newest rows by instant, whatever form createdAt is written in", () => {
    const store = new RowStore();
    store.merge(rows);
    expect(store.newest(3).map((r) => r.id)).toEqual(["d", "b", "a"]);
    expect(store.newest(10).map((r) => r.id)).toEqual(["d", "b", "a", "c"]);
  });

  it("answers again from memory until a row changes, then sees the change", () => {
    const store = new RowStore();
    store.merge(rows);
    const first = store.newest(2);
    expect(store.newest(2)).toBe(first);
    store.merge([{ ...rows[3]!, status: "failed" }, row("e", "2026-11-22T12:00:00Z")]);
    const next = store.newest(2);
    expect(next.map((r) => [r.id, r.status])).toEqual([
      ["e", "success"],
      ["d", "failed"],
    ]);
    expect(store.newest(3).map((r) => r.id)).toEqual(["e", "d", "b"]);
  });

  it("lists createdAt newest first as comparable keys", () => {
    const store = new RowStore();
    store.merge(rows);
    expect(store.createdAtDescending()).toEqual([
      "2026-11-22T09:00:00.001Z",
      "2026-11-22T09:00:00.000Z",
      "2026-11-22T08:00:00.000Z",
      "2026-11-22T07:30:00.000Z",
    ]);
  });
});
