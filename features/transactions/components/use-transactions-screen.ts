"use client";

import { useQueryStates } from "nuqs";
import { useCallback, useEffect, useMemo } from "react";
import { useHydratedIf } from "@/components/ui/use-hydrated";
import { useLocalDay } from "@/components/ui/use-local-day";
import type { Environment } from "@/lib/rails";
import type { TransactionChunkResponse } from "@/lib/transaction-row";
import { parseLocalDay } from "@/features/transactions/date-range";
import { filtersFromView, transactionSearchParams } from "@/features/transactions/url-state";
import { NOT_LOADED, type StateMessage, type ViewSummary } from "@/features/transactions/worker-protocol";
import { transactionsWorker } from "../worker-client";
import { useListLoading, useListState } from "../use-transaction-list";

const NO_ROWS: ViewSummary = { viewId: 0, revision: 0, count: 0, totals: [], window: { start: 0, rows: [] } };

/**
 * The transactions screen's state: the URL's sort and filters, sent to the worker that holds
 * the list, and what it answers (counts, totals, the rows in view). Until it first answers, what
 * the server worked out from the first rows (`firstState`, through the same engine).
 */
export function useTransactionsScreen(mode: Environment, firstRows: TransactionChunkResponse | null, firstState: StateMessage | null) {
  // Text and amounts update the URL at most every 300 ms; React state updates at once.
  const [view, setView] = useQueryStates(transactionSearchParams, {
    history: "replace",
    limitUrlUpdates: { method: "throttle", timeMs: 300 },
  });
  // "Today", "7 days" … are instants worked out from the reader's day: they move on at midnight.
  const day = useLocalDay(view.range !== null);
  const filters = useMemo(() => filtersFromView(view, parseLocalDay(day) ?? new Date()), [view, day]);
  // Date windows are the viewer's own days, and the server does not know the viewer's
  // timezone: a date-filtered view gets its rows once the browser has the page.
  const dated = view.range !== null || view.from !== null || view.to !== null;
  const hydrated = useHydratedIf(dated);
  const { sort } = view;
  const seed = firstRows?.environment === mode ? firstRows : null;

  useListLoading(mode, true, seed);
  const state = useListState(mode);
  useEffect(() => {
    if (!hydrated) return;
    const worker = transactionsWorker();
    worker.send({ kind: "view", mode, viewId: worker.id(), sort, filters });
  }, [mode, sort, filters, hydrated]);

  const seeded = seed && firstState?.mode === mode ? firstState : null;
  const feed = state?.feed ?? seeded?.feed ?? NOT_LOADED;
  // The server's view of a dated filter used the server's midnight, not the reader's: a dated view
  // waits for the worker's answer (`viewPending`) rather than showing those rows or "no match".
  const list = state?.view ?? (dated ? null : seeded?.view) ?? NO_ROWS;
  const viewPending = dated && !state?.view;

  const showRows = useCallback((start: number, end: number) => transactionsWorker().send({ kind: "window", mode, start, end }), [mode]);
  const drawCharts = useCallback((on: boolean) => transactionsWorker().send({ kind: "charts", mode, on }), [mode]);
  const csv = useCallback(() => transactionsWorker().csv(mode), [mode]);
  const control = useMemo(
    () => ({
      start: () => transactionsWorker().send({ kind: "start", mode }),
      cancel: () => transactionsWorker().send({ kind: "cancel", mode }),
      refresh: () => transactionsWorker().send({ kind: "refresh", mode }),
    }),
    [mode],
  );
  return { view, setView, feed, list, viewPending, charts: state?.charts ?? null, showRows, drawCharts, csv, control };
}

export type TransactionView = ReturnType<typeof useTransactionsScreen>;
