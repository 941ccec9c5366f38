"use client";

import { useQueryStates } from "nuqs";
import { useMemo } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { filterRows } from "@/lib/transactions/filter";
import type { PreparedRow } from "@/lib/transactions/prepared";
import { sortRows } from "@/lib/transactions/sort";
import { filtersFromView, transactionSearchParams } from "@/lib/transactions/url-state";

/**
 * The table's rows: sorted when the rows or the sort change, then filtered in
 * that order. A filter change is one pass over the sorted array, no sort.
 */
export function useTransactionView(rows: readonly PreparedRow[]) {
  // Text and amounts update the URL at most every 300 ms; React state updates at once.
  const [view, setView] = useQueryStates(transactionSearchParams, { history: "replace", limitUrlUpdates: { method: "throttle", timeMs: 300 } });
  const sorted = useMemo(() => sortRows(rows, view.sort), [rows, view.sort]);
  const filters = useMemo(() => filtersFromView(view, new Date()), [view]);
  // Date windows are the viewer's own days, and the server does not know the viewer's
  // timezone: a date-filtered view gets its rows once the browser has the page.
  const hydrated = useHydrated();
  const dated = view.range !== null || view.from !== null || view.to !== null;
  const filtered = useMemo(() => (hydrated || !dated ? filterRows(sorted, filters) : []), [sorted, filters, hydrated, dated]);
  return { view, setView, filtered };
}

export type TransactionView = ReturnType<typeof useTransactionView>;
