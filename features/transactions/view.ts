// The table's rows: the loaded rows sorted, then filtered in that order, as slot lists over the
// column store (columns.ts). Each result is kept for the next call, so a filter change is one
// pass with no sort, and rows streaming in are sorted on their own and merged into the previous
// result instead of re-sorting every row held.
import type { RowList } from "./columns";
import { filterRows, type TransactionFilters } from "./filter";
import { mergeSorted, rowOrder, sortRows, type TransactionSort } from "./sort";
import { type CurrencyTotal, CurrencyTotals } from "./totals";

export type ViewInput = {
  rows: RowList;
  /** `rows` minus the rows added at its end since, every earlier row unchanged (FeedSnapshot.grownFrom). */
  grownFrom: RowList | null;
  sort: TransactionSort;
  filters: TransactionFilters;
};

type Result = ViewInput & {
  sorted: RowList;
  filtered: RowList;
  /** When `filtered` is an earlier result's filtered rows plus `matches`: its totals follow from theirs. */
  grew: { from: RowList; matches: RowList } | null;
};

const sameSort = (a: TransactionSort, b: TransactionSort) => a.column === b.column && a.direction === b.direction;

/** The view for `input`, built from `previous` where that is exact, else from scratch. */
function nextResult(previous: Result | null, input: ViewInput): Result {
  const { rows, grownFrom, sort, filters } = input;
  if (previous && sameSort(previous.sort, sort)) {
    if (previous.rows === rows) {
      return previous.filters === filters ? previous : { ...previous, filters, filtered: filterRows(previous.sorted, filters), grew: null };
    }
    if (grownFrom !== null && previous.rows === grownFrom && grownFrom.store === rows.store) {
      const order = rowOrder(rows.store, sort);
      const added = rows.slots.slice(grownFrom.slots.length).sort(order);
      const sorted = mergeSorted(previous.sorted, added, order);
      if (previous.filters !== filters) return { ...input, sorted, filtered: filterRows(sorted, filters), grew: null };
      const matches = filterRows({ store: rows.store, slots: added }, filters);
      return {
        ...input,
        sorted,
        filtered: mergeSorted(previous.filtered, matches.slots, order),
        grew: { from: previous.filtered, matches },
      };
    }
  }
  const sorted = sortRows(rows, sort);
  return { ...input, sorted, filtered: filterRows(sorted, filters), grew: null };
}

/**
 * One per table: remembers its last result, and the totals of the filtered rows it was
 * asked for. Any earlier result is exact for its own input, so a render React discards
 * costs nothing but time.
 */
export class TransactionRowView {
  private last: Result | null = null;
  private readonly totals = new WeakMap<RowList, CurrencyTotals>();

  rows(input: ViewInput): RowList {
    const result = nextResult(this.last, input);
    this.last = result;
    // Rows streaming in: the totals already summed plus the new matches, not every row again.
    const { grew } = result;
    const base = grew ? this.totals.get(grew.from) : undefined;
    if (grew && base && !this.totals.has(result.filtered)) this.totals.set(result.filtered, base.plus(grew.matches));
    return result.filtered;
  }

  /** Totals per currency of `filtered` (rows this view returned): summed once per list. */
  totalsOf(filtered: RowList): CurrencyTotal[] {
    let totals = this.totals.get(filtered);
    if (!totals) this.totals.set(filtered, (totals = CurrencyTotals.of(filtered)));
    return totals.list();
  }
}
