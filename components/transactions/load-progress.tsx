"use client";

import { Button } from "@/components/ui/button";
import type { LoadState } from "@/lib/transactions/feed";

const count = new Intl.NumberFormat("en-US");

/** "Loaded 3,400 of 12,000", a progress bar, and the controls that fit the state. */
export function LoadProgress({
  snapshot,
  onCancel,
  onResume,
  onRefresh,
}: {
  snapshot: LoadState;
  onCancel: () => void;
  onResume: () => void;
  onRefresh: () => void;
}) {
  const { status, loaded, total, complete } = snapshot;
  const loading = status === "loading";
  const of = total === null ? "" : ` of ${count.format(Math.max(total, loaded))}`;
  const showBar = !complete && total !== null && total > 0;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-800" data-testid="load-progress">
      <p role="status" aria-live="polite">
        {loading && loaded === 0 ? "Loading transactions…" : `Loaded ${count.format(loaded)}${of}`}
        {status === "cancelled" && !complete ? " — loading cancelled" : null}
        {loading && complete ? " — refreshing…" : null}
      </p>
      {showBar ? <progress className="h-2 w-48" max={total ?? 0} value={loaded} aria-label="Transactions loaded" /> : null}
      {loading && !complete ? (
        <Button variant="secondary" onClick={onCancel}>
          Cancel loading
        </Button>
      ) : null}
      {status === "cancelled" && !complete ? (
        <Button variant="secondary" onClick={onResume}>
          Resume loading
        </Button>
      ) : null}
      {!loading && (complete || status !== "cancelled") ? (
        <Button variant="secondary" onClick={onRefresh}>
          Refresh
        </Button>
      ) : null}
    </div>
  );
}
