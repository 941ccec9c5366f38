import { describe, expect, it } from "vitest";
import type { TransactionRow } from "@/lib/transaction-row";
import { RowStore } from "@/features/transactions/server/row-store";

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

  it("ranks createdAt keys by how many rows are strictly newer, whatever form the rows' createdAt is written in", () => {
    const store = new RowStore();
    store.merge(rows);
    // d (09:00:00.001Z) > b (09:00Z) > a (08:00Z) > c (07:30Z); keys asked about in any order, repeated, or between rows.
    expect(
      store.newerThan([
        "2026-11-22T07:30:00.000Z",
        "2026-11-22T09:00:00.001Z",
        "2026-11-22T08:00:00.000Z",
        "2026-11-22T08:30:00.000Z",
        "2026-11-22T08:00:00.000Z",
      ]),
    ).toEqual([3, 0, 2, 2, 2]);
    expect(store.newerThan([])).toEqual([]);
  });

  it("ranks as a sort of every key would, on many rows with ties", () => {
    const store = new RowStore();
    const minute = (n: number) => new Date(Date.UTC(2026, 10, 22, 0, n)).toISOString();
    // 2,000 rows over 500 minutes: four rows share each instant.
    store.merge(Array.from({ length: 2_000 }, (_, i) => row(`r${i}`, minute((i * 7) % 500))));
    const asked = [minute(0), minute(250), minute(499), minute(137), minute(1_000), "2026-11-21T00:00:00.000Z"];
    const keys = Array.from({ length: 2_000 }, (_, i) => minute((i * 7) % 500));
    expect(store.newerThan(asked)).toEqual(asked.map((key) => keys.filter((k) => k > key).length));
  });
});

describe("RowStore changes", () => {
  const at = "2026-11-22T09:00:00.000Z";

  it("gives each changed row once, at its latest state, in the order of its last change", () => {
    const store = new RowStore();
    store.merge([row("a", at), row("b", at), row("c", at)]);
    store.merge([{ ...row("b", at), status: "failed" }]);
    expect(store.version).toBe(4);
    const all = store.changesSince(0, 10);
    expect(all.items.map((r) => [r.id, r.status])).toEqual([
      ["a", "success"],
      ["c", "success"],
      ["b", "failed"],
    ]);
    expect(all).toMatchObject({ version: 4, more: false });
    expect(store.changesSince(2, 10).items.map((r) => r.id)).toEqual(["c", "b"]);
    // A limit counts rows, not records: b's first record is stale and skipped on the way.
    const firstTwo = store.changesSince(0, 2);
    expect(firstTwo.items.map((r) => r.id)).toEqual(["a", "c"]);
    expect(firstTwo).toMatchObject({ version: 3, more: true });
    expect(store.changesSince(firstTwo.version, 2).items.map((r) => r.id)).toEqual(["b"]);
  });

  it("counts a row as changed when any of its fields differs, and as unchanged when it comes again the same", () => {
    const store = new RowStore();
    expect(store.merge([row("a", at), row("b", at)])).toEqual({ changed: 2, fresh: 2 });
    expect(store.merge([row("a", at), row("b", at)])).toEqual({ changed: 0, fresh: 0 });
    expect(store.version).toBe(2);
    // A field that rarely changes upstream still counts: the copy must say what the API says.
    expect(store.merge([{ ...row("a", at), currency: "USD" }, row("c", at)])).toEqual({ changed: 2, fresh: 1 });
    expect(store.get("a")).toEqual({ ...row("a", at), currency: "USD" });
    expect(store.get("missing")).toBeUndefined();
  });

  it("gives back rows exactly as merged, nulls, quotes and line breaks included", () => {
    const store = new RowStore();
    const odd: TransactionRow = { ...row("q", at), platformOrderId: 'PO "1"\n\u2028✓', paidAmount: "0.000001", completedAt: at };
    store.merge([odd, row("n", at)]);
    expect(store.get("q")).toEqual(odd);
    expect(store.changesSince(0, 10).items).toEqual([odd, row("n", at)]);
  });

  it("lists the pending rows, and drops a row from them once it settles", () => {
    const store = new RowStore();
    store.merge([{ ...row("p", at), status: "pending" }, row("s", at), { ...row("q", at), status: "pending" }]);
    expect(store.pending()).toEqual([
      { id: "p", createdAtKey: at },
      { id: "q", createdAtKey: at },
    ]);
    store.merge([{ ...row("p", at), status: "success", completedAt: at }]);
    expect(store.pending().map((r) => r.id)).toEqual(["q"]);
  });

  it("serves a row again, as it is now, once it changed", () => {
    const store = new RowStore();
    store.merge([row("a", at)]);
    expect(store.changesSince(0, 1).items[0]!.status).toBe("success");
    store.merge([{ ...row("a", at), status: "failed" }]);
    const changes = store.changesSince(0, 1);
    expect(changes.items).toHaveLength(1);
    expect(changes.items[0]!.status).toBe("failed");
  });

  it("keeps its answers when the change log is compacted", () => {
    const store = new RowStore();
    store.merge([row("a", at), row("b", at)]);
    let before = 0;
    for (let i = 0; i < 1_200; i++) {
      before = store.version;
      store.merge([{ ...row("a", at), paidAmount: String(i) }]);
    }
    expect(store.version).toBe(1_202);
    expect(store.changesSince(0, 10).items.map((r) => [r.id, r.paidAmount])).toEqual([
      ["b", null],
      ["a", "1199"],
    ]);
    expect(store.changesSince(before, 10).items.map((r) => r.id)).toEqual(["a"]);
    expect(store.changesSince(store.version, 10)).toMatchObject({ items: [], more: false });
  });
});
