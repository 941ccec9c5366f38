"use client";

import dynamic from "next/dynamic";
import { memo, useDeferredValue } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import type { PreparedRow } from "@/lib/transactions/prepared";

// recharts arrives in its own chunk after the table is interactive.
const TransactionCharts = dynamic(() => import("./transaction-charts"), {
  ssr: false,
  loading: () => <Skeleton className="h-64" />,
});

/**
 * Deferred, so a filter change paints the table first and the charts catch up; null
 * while the first load streams in (use-held-while.ts). Memoised:
 * the screen re-renders on every filter click, and re-rendering every recharts chart
 * with rows that did not change yet is main-thread time taken from the table's frame.
 */
export const LazyCharts = memo(function LazyCharts({ rows }: { rows: readonly PreparedRow[] | null }) {
  const deferred = useDeferredValue(rows);
  if (deferred === null) return <p className="text-sm text-slate-700">The charts are drawn when every transaction has loaded.</p>;
  if (deferred.length === 0) return null;
  return (
    <section aria-label="Charts of the filtered transactions">
      <TransactionCharts rows={deferred} />
    </section>
  );
});
