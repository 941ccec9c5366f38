// Filters and sort live in the URL (nuqs), so a view can be shared and
// bookmarked. "nuqs/server" holds the same parsers without the client hooks,
// so this module also runs in tests and on the server.
import { createParser, createSerializer, parseAsArrayOf, parseAsStringLiteral } from "nuqs/server";
import { withoutInvisibles } from "@/lib/invisibles";
import { RAILS } from "@/lib/rails";
import { DATE_PRESETS, isIsoDay, resolveDateWindow } from "./date-range";
import { isDecimalString } from "./decimal-compare";
import type { TransactionFilters } from "./filter";
import { DEFAULT_SORT, SORT_COLUMNS, type SortColumn, type TransactionSort } from "./sort";
import { TX_STATUSES, TX_TYPES } from "@/lib/transaction-row";

const parseAsIsoDay = createParser({
  parse: (value: string) => (isIsoDay(value) ? value : null),
  serialize: (value: string) => value,
});

const parseAsDecimal = createParser({
  parse: (value: string) => (isDecimalString(value) ? value : null),
  serialize: (value: string) => value,
});

/**
 * A currency code as the list's rows carry them ("NGN", "PYUSD-USDC"). Anything else in a pasted
 * link (10,000 characters, a sentence) is dropped: as a chip it overflowed the filters at 360 px
 * and matched nothing.
 */
const parseAsCurrency = createParser({
  parse: (value: string) => (/^[A-Z0-9-]{1,20}$/.test(value) ? value : null),
  serialize: (value: string) => value,
});

/** The longest search worth keeping: longer than any transaction id or platform order id. */
export const SEARCH_MAX = 200;

/**
 * The search box's text as the view keeps it: nothing invisible (a pasted zero-width space matched
 * nothing, and a DEL made the CSV export's record refuse the filters), at most SEARCH_MAX characters.
 */
export const searchText = (value: string) => withoutInvisibles(value).slice(0, SEARCH_MAX);

const parseAsSearch = createParser({
  parse: (value: string) => searchText(value),
  serialize: (value: string) => value,
});

/** "amount.asc" */
const parseAsSort = createParser<TransactionSort>({
  parse: (value: string) => {
    const [column, direction] = value.split(".");
    if (!(SORT_COLUMNS as readonly string[]).includes(column ?? "")) return null;
    if (direction !== "asc" && direction !== "desc") return null;
    return { column: column as SortColumn, direction };
  },
  serialize: (sort) => `${sort.column}.${sort.direction}`,
  eq: (a, b) => a.column === b.column && a.direction === b.direction,
});

export const transactionSearchParams = {
  rail: parseAsArrayOf(parseAsStringLiteral(RAILS)).withDefault([]),
  type: parseAsArrayOf(parseAsStringLiteral(TX_TYPES)).withDefault([]),
  status: parseAsArrayOf(parseAsStringLiteral(TX_STATUSES)).withDefault([]),
  currency: parseAsArrayOf(parseAsCurrency).withDefault([]),
  range: parseAsStringLiteral(DATE_PRESETS),
  from: parseAsIsoDay,
  to: parseAsIsoDay,
  min: parseAsDecimal,
  max: parseAsDecimal,
  q: parseAsSearch.withDefault(""),
  sort: parseAsSort.withDefault(DEFAULT_SORT),
};

export type TransactionViewState = {
  [K in keyof typeof transactionSearchParams]: ReturnType<(typeof transactionSearchParams)[K]["parseServerSide"]>;
};

export const serializeTransactionView = createSerializer(transactionSearchParams);

/** The URL state as filter values, with date presets resolved against `now` in the user's timezone. */
export function filtersFromView(view: TransactionViewState, now: Date): TransactionFilters {
  const { fromMs, toMs } = resolveDateWindow({ preset: view.range, from: view.from, to: view.to }, now);
  return {
    rails: view.rail,
    types: view.type,
    statuses: view.status,
    currencies: view.currency,
    fromMs,
    toMs,
    amountMin: view.min,
    amountMax: view.max,
    text: view.q,
  };
}
