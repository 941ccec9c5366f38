"use client";

import dynamic from "next/dynamic";
import { useCallback, useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { useAnnouncedOn } from "@/components/ui/use-announced-on";
import { useSettled } from "@/components/ui/use-settled";
import { useSession } from "@/components/session/use-session";
import { holdsEveryRow } from "@/features/transactions/feed-state";
import { serializeTransactionView } from "@/features/transactions/url-state";
import type { TransactionSort } from "@/features/transactions/sort";
import type { TransactionChunkResponse, TransactionRow } from "@/lib/transaction-row";
import type { StateMessage } from "@/features/transactions/worker-protocol";
import { CsvExportButton } from "./csv-export-button";
import { FilterBar } from "./filter-bar";
import { LazyCharts } from "./lazy-charts";
import { LoadProgress } from "./load-progress";
import { TotalsPanel } from "./totals-panel";
import { unreadableCount, UnreadableNotice } from "../unreadable-notice";
import { TransactionsTable } from "./transactions-table";
import { rowAsListedNow } from "./open-row";
import { transactionsWorker } from "../worker-client";
import { useTransactionsScreen } from "./use-transactions-screen";

// Loaded when a row is first opened: the dialog and a row's fields are not in the page's first JS.
const TransactionDetailDialog = dynamic(() => import("./transaction-detail-dialog").then((m) => m.TransactionDetailDialog), {
  ssr: false,
});

// The worker's download and boot overlap the page's hydration: this module runs before React does.
if (typeof window !== "undefined") transactionsWorker().warm();

/** A pause in typing this long, and the search's match count is read out. */
const ANNOUNCE_AFTER_TYPING_MS = 700;

/**
 * `firstRows`: the list's first page, rendered on the server so the table has rows before any
 * script runs (the worker starts from them); `firstState`: what they show for the URL's view. The list itself lives in a worker (features/transactions/worker): this screen shows
 * what it answers.
 */
export function TransactionsScreen({
  firstRows = null,
  firstState = null,
}: {
  firstRows?: TransactionChunkResponse | null;
  firstState?: StateMessage | null;
}) {
  const { mode } = useSession();
  const { view, setView, feed, list, viewPending, charts, showRows, drawCharts, csv, control } = useTransactionsScreen(
    mode,
    firstRows,
    firstState,
  );
  const [opened, setOpenRow] = useState<TransactionRow | null>(null);
  const openRow = rowAsListedNow(opened, list.window.rows);
  const onSort = useCallback((sort: TransactionSort) => void setView({ sort }), [setView]);

  const partial = !holdsEveryRow(feed);
  const { status, loaded, error } = feed;
  const count = list.count;
  const matchText = viewPending
    ? "Finding the transactions in these dates, in your time zone…"
    : `${count.toLocaleString("en-US")} of ${loaded.toLocaleString("en-US")} loaded transactions match${partial && loaded > 0 ? " (still loading: the list is partial)" : ""}`;
  // Read out when the filters or the load's state change, not at every 500 ms tick of a load, and
  // for a search once the typing pauses, not at each keystroke.
  const settledViewId = useSettled(list.viewId, ANNOUNCE_AFTER_TYPING_MS);
  const announcedMatch = useAnnouncedOn(`${settledViewId}|${status}|${viewPending}`, matchText);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <LoadProgress snapshot={feed} onCancel={control.cancel} onResume={control.start} onRefresh={control.refresh} />
        <CsvExportButton
          count={count}
          build={csv}
          filters={() => serializeTransactionView(view).replace(/^\?/, "")}
          mode={mode}
          partial={partial}
        />
      </div>
      {error ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-medium">{loaded > 0 ? "Not every transaction could be loaded." : "The transactions could not be loaded."}</p>
          <p className="mt-1">{error}</p>
          <button type="button" className="mt-2 font-medium underline" onClick={control.start}>
            Try again
          </button>
        </div>
      ) : null}
      <UnreadableNotice unreadable={feed.unreadable} />
      <FilterBar view={view} setView={setView} currencies={feed.currencies} railLabels={feed.railLabels} />
      {/* One text node: as the counts grow while rows load, the words after them do not move. */}
      <p className="text-sm text-slate-800" data-testid="match-count">
        {matchText}
      </p>
      <p className="sr-only" role="status">
        {announcedMatch}
      </p>
      {/* "None" is said only of a list held whole: before (the server's first rows, a cancelled load,
          the first paint after a mode switch) the rest may hold them. While it loads, that is said
          too: an empty table the height of the screen said nothing. */}
      {!viewPending && count === 0 && loaded > 0 ? (
        partial ? (
          <EmptyState title="No loaded transaction matches these filters yet.">
            {status === "loading"
              ? "The rest of the list is still loading: a match in it shows here as it arrives."
              : "The rest of the list is not loaded: load it, or clear a filter or widen the date range."}
          </EmptyState>
        ) : (
          <EmptyState title="No transaction matches these filters.">Clear a filter or widen the date range.</EmptyState>
        )
      ) : !viewPending && count === 0 && !partial && !error ? (
        <EmptyState title={`No transactions in ${mode} mode yet.`} />
      ) : (
        <TransactionsTable
          count={count}
          rowWindow={list.window}
          revision={list.revision}
          sort={view.sort}
          onSort={onSort}
          onOpen={setOpenRow}
          onRange={showRows}
        />
      )}
      <TotalsPanel
        totals={list.totals}
        partial={
          partial
            ? `${loaded.toLocaleString("en-US")}${feed.total === null ? "" : ` of ${feed.total.toLocaleString("en-US")}`} transactions loaded`
            : null
        }
        leftOut={feed.unreadable > 0 ? unreadableCount(feed.unreadable) : null}
      />
      {/* "idle": the server-rendered first rows, before the worker has started to load the rest. */}
      <LazyCharts
        // Drawn for another view (filters changed while rows load): not shown as this one's.
        series={charts && charts.viewId === list.viewId ? charts.series : null}
        empty={count === 0}
        loading={status === "loading" || status === "idle"}
        onNear={drawCharts}
      />
      {openRow ? <TransactionDetailDialog row={openRow} onClose={() => setOpenRow(null)} /> : null}
    </div>
  );
}
