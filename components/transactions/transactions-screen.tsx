"use client";

import { useMemo, useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { useSession } from "@/components/session/use-session";
import type { TransactionChunkResponse } from "@/lib/transactions/types";
import { CsvExportButton } from "./csv-export-button";
import { FilterBar } from "./filter-bar";
import { LazyCharts } from "./lazy-charts";
import { LoadProgress } from "./load-progress";
import { TotalsPanel } from "./totals-panel";
import { TransactionDetailDialog } from "./transaction-detail-dialog";
import { TransactionsTable } from "./transactions-table";
import { useAfterPaint } from "./use-after-paint";
import { useThrottled } from "./use-throttled";
import { useTransactionFeed } from "./use-transaction-feed";
import { useTransactionView } from "./use-transaction-view";

/** While rows stream in, the totals follow at most this often (use-throttled.ts explains why). */
const TOTALS_EVERY_MS_WHILE_LOADING = 1_000;

/** `firstRows`: the list's first page, rendered on the server so the table has rows before any script runs. */
export function TransactionsScreen({ firstRows = null }: { firstRows?: TransactionChunkResponse | null }) {
  const { mode } = useSession();
  const { snapshot, feed } = useTransactionFeed(mode, true, firstRows);
  const { view, setView, filtered, totalsOf } = useTransactionView(snapshot.rows, snapshot.grownFrom);
  const [openId, setOpenId] = useState<string | null>(null);
  // Totals and charts follow one frame after the table: the table is what the eye follows on a filter click.
  const deferredRows = useAfterPaint(filtered);
  const loading = snapshot.status === "loading";
  const totalRows = useThrottled(deferredRows, loading ? TOTALS_EVERY_MS_WHILE_LOADING : 0);
  const totals = useMemo(() => totalsOf(totalRows), [totalsOf, totalRows]);

  const openRow = useMemo(() => (openId ? (snapshot.rows.find((p) => p.row.id === openId)?.row ?? null) : null), [openId, snapshot.rows]);

  const partial = !snapshot.complete;
  const { status, loaded, error } = snapshot;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <LoadProgress
          snapshot={snapshot}
          onCancel={() => feed.cancel()}
          onResume={() => void feed.start()}
          onRefresh={() => void feed.refresh()}
        />
        <CsvExportButton rows={filtered} mode={mode} partial={partial} />
      </div>
      {error ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-medium">{loaded > 0 ? "Not every transaction could be loaded." : "The transactions could not be loaded."}</p>
          <p className="mt-1">{error}</p>
          <button type="button" className="mt-2 font-medium underline" onClick={() => void feed.start()}>
            Try again
          </button>
        </div>
      ) : null}
      <FilterBar view={view} setView={setView} currencies={snapshot.currencies} railLabels={snapshot.railLabels} />
      <p className="text-sm text-slate-800" role="status" data-testid="match-count">
        {filtered.length.toLocaleString("en-US")} of {loaded.toLocaleString("en-US")} loaded transactions match
        {partial && loaded > 0 ? " (still loading: the list is partial)" : ""}
      </p>
      {filtered.length === 0 && status !== "loading" && loaded > 0 ? (
        <EmptyState title="No transaction matches these filters.">Clear a filter or widen the date range.</EmptyState>
      ) : filtered.length === 0 && status !== "loading" && !error ? (
        <EmptyState title={`No transactions in ${mode} mode yet.`} />
      ) : (
        <TransactionsTable rows={filtered} sort={view.sort} onSort={(sort) => void setView({ sort })} onOpen={setOpenId} />
      )}
      <TotalsPanel totals={totals} />
      {/* "idle": the server-rendered first rows, before the feed has started to load the rest. */}
      <LazyCharts rows={deferredRows} loading={loading || snapshot.status === "idle"} />
      <TransactionDetailDialog row={openRow} onClose={() => setOpenId(null)} />
    </div>
  );
}
