import { describe, expect, it } from "vitest";
import { ColumnStore, rowsOf } from "@/features/transactions/columns";
import { encodeBlock, type WireBlock } from "@/features/transactions/wire";
import { tx } from "./fixtures";

const roundTrip = (block: WireBlock) => JSON.parse(JSON.stringify(block)) as WireBlock;
const all = (store: ColumnStore) => [...rowsOf({ store, slots: store.slotsUpTo(store.size) })];

describe("the worker's column store", () => {
  it("holds each row once per id, in arrival order, and reads back every field as given", () => {
    const rows = [
      tx({ type: "payout", status: "pending", amount: "-0.000001", currency: "NGN", rail: "nigeria", railLabel: "Nigeria" }),
      tx({ status: "failed", paidAmount: "12.34", completedAt: "2025-03-11T00:00:00.000Z", rail: "unknown", railLabel: "Ghana" }),
      tx({ amount: "123456789012345678901234567890.123456789", platformOrderId: "=cmd|' /C calc'!A0" }),
    ];
    const store = new ColumnStore();
    expect(store.ingest(roundTrip(encodeBlock(rows)))).toEqual([]);
    expect(store.size).toBe(3);
    expect(all(store)).toEqual(rows);
    expect(typeof store.amount[2]).toBe("string");
  });

  it("skips an unchanged row and replaces a changed one's values in its slot", () => {
    const a = tx({ id: "tx_a" });
    const b = tx({ id: "tx_b" });
    const store = new ColumnStore();
    store.ingest(encodeBlock([a, b]));
    expect(store.ingest(encodeBlock([{ ...a }, { ...b }]))).toEqual([]);
    const settled = { ...b, status: "failed" as const, completedAt: "2025-03-10T12:05:00.000Z" };
    const newer = tx({ id: "tx_c" });
    expect(store.ingest(encodeBlock([newer, { ...a }, settled]))).toEqual([1]);
    expect(store.size).toBe(3);
    expect(all(store)).toEqual([a, settled, newer]);
    // One field alone changing counts too, the instant's text included.
    const reworded = { ...a, createdAt: "2025-03-10T13:00:00+01:00" };
    expect(store.ingest(encodeBlock([reworded]))).toEqual([0]);
    expect(store.row(0)).toEqual(reworded);
    expect(store.ingest(encodeBlock([a]))).toEqual([0]);
    expect(store.row(0)).toEqual(a);
    expect(store.instantText.createdAt.size).toBe(0);
  });

  it("round-trips instants that are not toISOString's text, and none", () => {
    const rows = [
      tx({ createdAt: "2025-03-10T13:00:00+01:00", completedAt: "2025-03-10T12:00:00Z" }),
      tx({ createdAt: "2025-03-10T12:00:00.123456Z", completedAt: "not a date" }),
      tx({ createdAt: "yesterday", completedAt: null }),
    ];
    const store = new ColumnStore();
    store.ingest(roundTrip(encodeBlock(rows)));
    expect(all(store)).toEqual(rows);
    expect(store.createdAt[0]).toBe(Date.parse("2025-03-10T12:00:00.000Z"));
    expect(Number.isNaN(store.createdAt[2]!)).toBe(true);
    expect(Number.isNaN(store.completedAt[1]!)).toBe(true);
  });

  it("maps each block's own dictionary to the same store-wide codes", () => {
    const store = new ColumnStore();
    store.ingest(encodeBlock([tx({ currency: "BDT" }), tx({ currency: "NGN", rail: "nigeria", railLabel: "Nigeria" })]));
    // The second block's dictionaries list the same values in another order.
    store.ingest(
      encodeBlock([tx({ currency: "NGN", rail: "nigeria", railLabel: "Nigeria" }), tx({ currency: "INR" }), tx({ currency: "BDT" })]),
    );
    expect(store.values.currency).toEqual(["BDT", "NGN", "INR"]);
    expect(Array.from(store.currency.subarray(0, 5))).toEqual([0, 1, 1, 2, 0]);
    expect(Array.from(store.rail.subarray(0, 5))).toEqual([0, 1, 1, 0, 0]);
    expect(all(store).map((r) => r.currency)).toEqual(["BDT", "NGN", "NGN", "INR", "BDT"]);
    expect([...store.firstLabel]).toEqual([
      ["bangladesh", "Bangladesh"],
      ["nigeria", "Nigeria"],
    ]);
  });

  it("grows past its first capacity, keeping every row", () => {
    const rows = Array.from({ length: 5_000 }, (_, i) =>
      tx({ amount: `${i}.01`, createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString() }),
    );
    const store = new ColumnStore();
    for (let at = 0; at < rows.length; at += 512) store.ingest(encodeBlock(rows.slice(at, at + 512)));
    expect(store.size).toBe(5_000);
    expect(all(store)).toEqual(rows);
    const keys = store.amountOrderKeys();
    expect(keys[4_999]).toBe(4999.01);
    store.ingest(encodeBlock([{ ...rows[4_999]!, amount: "7.5" }]));
    expect(store.amountOrderKeys()[4_999]).toBe(7.5);
  });

  const damaged: [string, (block: WireBlock) => void][] = [
    ["a code outside its dictionary", (b) => void (b.currency[1] = 9)],
    ["a status the console does not know", (b) => void (b.dict.status[0] = "refunded")],
    ["a missing creation time", (b) => void (b.createdAt[1] = null)],
    ["a column shorter than n", (b) => void b.id.pop()],
  ];
  for (const [what, damage] of damaged) {
    it(`refuses a block with ${what}, changing nothing`, () => {
      const store = new ColumnStore();
      const held = [tx({ id: "tx_held" })];
      store.ingest(encodeBlock(held));
      const block = roundTrip(encodeBlock([tx({ id: "tx_held", status: "failed" }), tx({ currency: "XOF" })]));
      damage(block);
      expect(() => store.ingest(block)).toThrow(/unexpected layout/);
      expect(store.size).toBe(1);
      expect(all(store)).toEqual(held);
      expect(store.values.currency).toEqual(["BDT"]);
    });
  }
});
