"use client";

import { useQueryStates } from "nuqs";
import { useMemo } from "react";
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
  const filtered = useMemo(() => filterRows(sorted, filters), [sorted, filters]);
  const currencies = useMemo(() => [...new Set(rows.map((p) => p.row.currency))].sort(), [rows]);
  return { view, setView, filtered, currencies };
}

export type TransactionView = ReturnType<typeof useTransactionView>;
