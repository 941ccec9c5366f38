"use client";

import { useQueryStates } from "nuqs";
import { useCallback, useMemo, useState } from "react";
import { useHydratedIf } from "@/components/ui/use-hydrated";
import type { PreparedRow } from "@/lib/transactions/prepared";
import { filtersFromView, transactionSearchParams } from "@/lib/transactions/url-state";
import { TransactionRowView } from "@/lib/transactions/view";

const NONE: readonly PreparedRow[] = [];

/**
 * The table's rows for the URL's sort and filters. A filter change is one pass over the
 * sorted rows; rows streaming in are merged into the sorted view (lib/transactions/view.ts).
 */
export function useTransactionView(rows: readonly PreparedRow[], grownFrom: readonly PreparedRow[] | null) {
  // Text and amounts update the URL at most every 300 ms; React state updates at once.
  const [view, setView] = useQueryStates(transactionSearchParams, {
    history: "replace",
    limitUrlUpdates: { method: "throttle", timeMs: 300 },
  });
  const [rowView] = useState(() => new TransactionRowView());
  const filters = useMemo(() => filtersFromView(view, new Date()), [view]);
  // Date windows are the viewer's own days, and the server does not know the viewer's
  // timezone: a date-filtered view gets its rows once the browser has the page.
  const dated = view.range !== null || view.from !== null || view.to !== null;
  const hydrated = useHydratedIf(dated);
  const { sort } = view;
  const filtered = useMemo(
    () => (hydrated ? rowView.rows({ rows, grownFrom, sort, filters }) : NONE),
    [rowView, rows, grownFrom, sort, filters, hydrated],
  );
  const totalsOf = useCallback((shown: readonly PreparedRow[]) => rowView.totalsOf(shown), [rowView]);
  return { view, setView, filtered, totalsOf };
}

export type TransactionView = ReturnType<typeof useTransactionView>;
