"use client";

import dynamic from "next/dynamic";
import { memo, useEffect, useRef } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { useNearViewport } from "@/components/ui/use-near-viewport";
import type { ChartSeries } from "@/features/transactions/worker-protocol";

// recharts arrives in its own chunk, the first time the charts come into view.
const TransactionCharts = dynamic(() => import("./transaction-charts"), {
  ssr: false,
  loading: () => <Skeleton className="h-64" />,
});

type Props = {
  /** The last series the worker summed; null before the first. */
  series: ChartSeries | null;
  /** No row matches: nothing to draw. */
  empty: boolean;
  /** The rows are still streaming in: the worker keeps the last series until the load ends. */
  loading: boolean;
  /** Asks the worker for series while the charts are near the viewport, and stops when they leave. */
  onNear: (near: boolean) => void;
};

/**
 * The charts sit below the table. They draw when the viewer scrolls near them (like a lazy
 * image): the worker sums the series only then, and keeps what it last summed while a load
 * streams, since redrawing ~10 recharts charts per publish took the CPU the load needs.
 * Memoised: the screen re-renders on every filter click.
 */
export const LazyCharts = memo(function LazyCharts({ series, empty, loading, onNear }: Props) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  useEffect(() => onNear(near), [near, onNear]);
  return (
    <section ref={ref} aria-label="Charts of the filtered transactions" className="min-h-64">
      {empty ? null : series !== null ? (
        <TransactionCharts series={series} />
      ) : loading ? (
        <p className="text-sm text-slate-700">The charts are drawn when every transaction has loaded.</p>
      ) : (
        <p className="text-sm text-slate-700">The charts are drawn as they come into view.</p>
      )}
    </section>
  );
});
