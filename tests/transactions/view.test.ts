import { describe, expect, it, vi } from "vitest";
import { filterRows, type TransactionFilters } from "@/features/transactions/filter";
import { idsIn, joined, NO_FILTERS, prepared, tx } from "./fixtures";
import type { RowList } from "@/features/transactions/columns";
import { encodeBlock } from "@/features/transactions/wire";
import { SORT_COLUMNS, sortRows, type TransactionSort } from "@/features/transactions/sort";
import { CurrencyTotals } from "@/features/transactions/totals";
import { TransactionRowView } from "@/features/transactions/view";

// A small deterministic generator: ties in createdAt and amount on purpose, so the tie-breaks are exercised.
function rowsFrom(seed: number, count: number): RowList {
  let state = seed;
  const next = (n: number) => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) % n;
  return prepared(
    Array.from({ length: count }, () =>
      tx({
        amount: `${next(50) - 10}.${String(next(100)).padStart(2, "0")}`,
        currency: ["BDT", "BRL", "USDT"][next(3)]!,
        status: (["pending", "success", "failed"] as const)[next(3)],
        createdAt: `2025-03-${String(1 + next(9)).padStart(2, "0")}T1${next(3)}:00:00Z`,
        completedAt: next(2) === 0 ? null : `2025-03-1${next(9)}T00:00:00+05:30`,
      }),
    ),
  );
}

/** Slots `from` … `end` - 1 of `list`. */
const part = (list: RowList, from: number, end = list.slots.length): RowList => ({
  store: list.store,
  slots: list.slots.subarray(from, end),
});
const fromScratch = (rows: RowList, sort: TransactionSort, filters: TransactionFilters) => filterRows(sortRows(rows, sort), filters);
const idsOf = idsIn;
const successOnly: TransactionFilters = { ...NO_FILTERS, statuses: ["success"] };

describe("TransactionRowView", () => {
  it.each(SORT_COLUMNS.flatMap((column) => (["asc", "desc"] as const).map((direction) => ({ column, direction }))))(
    "merges rows that stream in exactly as sorting everything would: $column $direction",
    (sort) => {
      const all = rowsFrom(7, 400);
      const view = new TransactionRowView();
      let previous: RowList = part(all, 0, 0);
      for (const end of [50, 50, 180, 333, 400]) {
        const rows = part(all, 0, end);
        const shown = view.rows({ rows, grownFrom: previous, sort, filters: successOnly });
        expect(idsOf(shown)).toEqual(idsOf(fromScratch(rows, sort, successOnly)));
        previous = rows;
      }
    },
  );

  it("keeps the same array when no added row matches (merged, not rebuilt), and filters anew when the filters change too", () => {
    const all = rowsFrom(11, 200);
    const sort: TransactionSort = { column: "amount", direction: "desc" };
    const view = new TransactionRowView();
    const base = part(all, 0, 100);
    const shown = view.rows({ rows: base, grownFrom: null, sort, filters: successOnly });
    const grown = joined(base, prepared([tx({ status: "failed" })], base));
    expect(view.rows({ rows: grown, grownFrom: base, sort, filters: successOnly })).toBe(shown);

    const pending: TransactionFilters = { ...NO_FILTERS, statuses: ["pending"] };
    const rows = joined(grown, part(all, 100));
    expect(idsOf(view.rows({ rows, grownFrom: grown, sort, filters: pending }))).toEqual(idsOf(fromScratch(rows, sort, pending)));
  });

  it("rebuilds when a row it shows changed (grownFrom null) or the sort changed", () => {
    const rows = rowsFrom(3, 120);
    const sort: TransactionSort = { column: "createdAt", direction: "desc" };
    const view = new TransactionRowView();
    view.rows({ rows, grownFrom: null, sort, filters: successOnly });
    // The feed's way: the row's slot takes the new values in place, and a new list says so.
    const row = rows.store.row(rows.slots[5]!);
    rows.store.ingest(encodeBlock([{ ...row, status: "success" }]));
    const changed: RowList = { store: rows.store, slots: rows.slots.slice() };
    expect(idsOf(view.rows({ rows: changed, grownFrom: null, sort, filters: successOnly }))).toEqual(
      idsOf(fromScratch(changed, sort, successOnly)),
    );
    const bySort: TransactionSort = { column: "status", direction: "asc" };
    expect(idsOf(view.rows({ rows: changed, grownFrom: rows, sort: bySort, filters: successOnly }))).toEqual(
      idsOf(fromScratch(changed, bySort, successOnly)),
    );
  });

  it("sums the totals of a growing list once, then adds only each publish's new matches", () => {
    const all = rowsFrom(5, 300);
    const sort: TransactionSort = { column: "createdAt", direction: "desc" };
    const view = new TransactionRowView();
    const ends = [60, 120, 200, 300];
    const expected = ends.map((end) => CurrencyTotals.of(fromScratch(part(all, 0, end), sort, successOnly)).list());
    const fullSums = vi.spyOn(CurrencyTotals, "of");
    let previous: RowList | null = null;
    ends.forEach((end, i) => {
      const rows = part(all, 0, end);
      const shown = view.rows({ rows, grownFrom: previous, sort, filters: successOnly });
      expect(view.totalsOf(shown)).toEqual(expected[i]);
      previous = rows;
    });
    expect(fullSums).toHaveBeenCalledTimes(1);
    fullSums.mockRestore();
  });
});
