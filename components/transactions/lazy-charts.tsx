"use client";

import dynamic from "next/dynamic";
import { memo, useDeferredValue, useRef } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { useNearViewport } from "@/components/ui/use-near-viewport";
import type { PreparedRow } from "@/lib/transactions/prepared";
import { useHeldWhile } from "./use-held-while";

// recharts arrives in its own chunk, the first time the charts come into view.
const TransactionCharts = dynamic(() => import("./transaction-charts"), {
  ssr: false,
  loading: () => <Skeleton className="h-64" />,
});

type Props = {
  rows: readonly PreparedRow[];
  /** The rows are still streaming in: the charts keep what they last drew (use-held-while.ts explains why). */
  loading: boolean;
};

/**
 * The charts sit below the table. They draw when the viewer scrolls near them (like a
 * lazy image) and keep what they last drew while out of view or while a load streams:
 * drawing ~10 recharts charts over 100,000 rows is the heaviest work on the page, and
 * doing it for charts nobody is looking at took the CPU from the table and the load.
 * Deferred, so a filter change paints the table first and the charts catch up. Memoised:
 * the screen re-renders on every filter click.
 */
export const LazyCharts = memo(function LazyCharts({ rows, loading }: Props) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const drawn = useDeferredValue(useHeldWhile(rows, loading || !near));
  return (
    <section ref={ref} aria-label="Charts of the filtered transactions" className="min-h-64">
      {drawn !== null ? (
        drawn.length > 0 ? (
          <TransactionCharts rows={drawn} />
        ) : null
      ) : loading ? (
        <p className="text-sm text-slate-700">The charts are drawn when every transaction has loaded.</p>
      ) : (
        <p className="text-sm text-slate-700">The charts are drawn as they come into view.</p>
      )}
    </section>
  );
});
