import { describe, expect, it } from "vitest";
import { idsIn, prepared, tx } from "./fixtures";
import type { RowList } from "@/features/transactions/columns";
import { mergeSorted, rowOrder, sortRows } from "@/features/transactions/sort";

const rows = prepared([
  tx({ id: "tx_1", amount: "10.00", currency: "BRL", createdAt: "2025-03-02T00:00:00Z", railLabel: "Brazil" }),
  tx({ id: "tx_2", amount: "9.99", currency: "BDT", createdAt: "2025-03-03T00:00:00Z", railLabel: "Bangladesh" }),
  tx({ id: "tx_3", amount: "100", currency: "BDT", createdAt: "2025-03-01T00:00:00Z", railLabel: "Internal" }),
  tx({ id: "tx_4", amount: "-5.00", currency: "USDT", createdAt: "2025-03-03T00:00:00Z", railLabel: "Internal" }),
]);
const ids = idsIn;

describe("sortRows", () => {
  it("sorts by createdAt, ties newest-first then by id", () => {
    expect(ids(sortRows(rows, { column: "createdAt", direction: "desc" }))).toEqual(["tx_2", "tx_4", "tx_1", "tx_3"]);
    expect(ids(sortRows(rows, { column: "createdAt", direction: "asc" }))).toEqual(["tx_3", "tx_1", "tx_2", "tx_4"]);
  });

  it("orders createdAt by instant when the API writes an offset", () => {
    const mixed = prepared([
      tx({ id: "tx_z", createdAt: "2025-03-02T08:00:00Z" }),
      tx({ id: "tx_offset", createdAt: "2025-03-02T09:30:00+02:00" }),
    ]);
    // 09:30+02:00 is 07:30Z: older, although its text sorts after the other.
    expect(ids(sortRows(mixed, { column: "createdAt", direction: "desc" }))).toEqual(["tx_z", "tx_offset"]);
  });

  it("orders completedAt by instant too, pending first ascending", () => {
    const mixed = prepared([
      tx({ id: "tx_utc", completedAt: "2025-03-02T08:00:00Z" }),
      tx({ id: "tx_offset", completedAt: "2025-03-02T09:30:00+02:00" }), // 07:30Z
      tx({ id: "tx_pending", status: "pending", completedAt: null }),
    ]);
    expect(ids(sortRows(mixed, { column: "completedAt", direction: "asc" }))).toEqual(["tx_pending", "tx_offset", "tx_utc"]);
  });

  it("sorts amounts as decimals, not as text, within each currency (currencies never mix)", () => {
    expect(ids(sortRows(rows, { column: "amount", direction: "asc" }))).toEqual(["tx_2", "tx_3", "tx_1", "tx_4"]);
    expect(ids(sortRows(rows, { column: "amount", direction: "desc" }))).toEqual(["tx_4", "tx_1", "tx_3", "tx_2"]);
  });

  it("sorts text columns and does not change its input", () => {
    expect(ids(sortRows(rows, { column: "currency", direction: "asc" }))).toEqual(["tx_2", "tx_3", "tx_1", "tx_4"]);
    expect(ids(sortRows(rows, { column: "rail", direction: "asc" }))).toEqual(["tx_2", "tx_1", "tx_4", "tx_3"]);
    expect(ids(rows)).toEqual(["tx_1", "tx_2", "tx_3", "tx_4"]);
  });
});

describe("mergeSorted", () => {
  const newestFirst = (list: RowList) => rowOrder(list.store, { column: "createdAt", direction: "desc" });
  const at = (day: string) => tx({ createdAt: `2025-03-${day}T00:00:00Z` });

  it("appends rows that all sort after the last one held, and keeps the held list when none are added", () => {
    const held = sortRows(prepared([at("09"), at("08")]), { column: "createdAt", direction: "desc" });
    const older = prepared([at("05"), at("02")], held);
    expect(ids(mergeSorted(held, older.slots, newestFirst(held)))).toEqual([...ids(held), ...ids(older)]);
    expect(mergeSorted(held, new Uint32Array(0), newestFirst(held))).toBe(held);
  });

  it("puts interleaved rows where a full sort would", () => {
    const all = prepared([at("09"), at("07"), at("05"), at("08"), at("06"), at("01")]);
    const part = (from: number, end: number): RowList => ({ store: all.store, slots: all.slots.subarray(from, end) });
    const held = sortRows(part(0, 3), { column: "createdAt", direction: "desc" });
    const added = sortRows(part(3, 6), { column: "createdAt", direction: "desc" });
    expect(ids(mergeSorted(held, added.slots, newestFirst(all)))).toEqual(ids(sortRows(all, { column: "createdAt", direction: "desc" })));
  });
});
