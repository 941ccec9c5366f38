"use client";

import { Button } from "@/components/ui/button";
import { useAnnouncedOn } from "@/components/ui/use-announced-on";
import type { LoadState } from "@/features/transactions/feed";
import { holdsEveryRow } from "@/features/transactions/feed-state";

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
  const { status, loaded, total } = snapshot;
  const loading = status === "loading";
  // Whether this tab holds the list, not whether the BFF does: a page opened on a list the BFF
  // already holds starts from the server's 100 rows while the rest stream in, and that is loading
  // (a bar, a way to stop it), not a refresh of a list already on screen.
  const whole = holdsEveryRow(snapshot);
  const of = total === null ? "" : ` of ${count.format(Math.max(total, loaded))}`;
  const showBar = !whole && total !== null && total > 0;
  const progress = `${loading && loaded === 0 ? "Loading transactions…" : `Loaded ${count.format(loaded)}${of}`}${
    status === "cancelled" && !whole ? " — loading cancelled" : ""
  }${loading && whole ? " — refreshing…" : ""}`;
  const announced = useAnnouncedOn(`${status}|${whole}`, progress);
  // The row keeps one shape from the first state to the last, so nothing below it moves when the
  // load ends: the row is a button's height even while none shows (a refresh), the count's block is
  // at least the bar's width (digits of one width), and the bar hangs under the count inside the
  // row's height instead of beside it. At 412 px the bar beside the count pushed the button to a
  // second line, and its going moved the filters and the table up 32 px: a layout shift of 0.13.
  return (
    <div className="flex min-h-9.5 flex-wrap items-center gap-3 text-sm text-slate-800" data-testid="load-progress">
      <div className="relative min-w-40 tabular-nums">
        <p data-testid="load-count">{progress}</p>
        <p role="status" aria-live="polite" className="sr-only">
          {announced}
        </p>
        {showBar ? (
          <progress
            className="absolute top-full left-0 block h-1.5 w-40"
            max={total ?? 0}
            value={loaded}
            aria-label="Transactions loaded"
          />
        ) : null}
      </div>
      {loading && !whole ? (
        <Button variant="secondary" onClick={onCancel}>
          Cancel loading
        </Button>
      ) : null}
      {status === "cancelled" && !whole ? (
        <Button variant="secondary" onClick={onResume}>
          Resume loading
        </Button>
      ) : null}
      {!loading && (whole || status !== "cancelled") ? (
        <Button variant="secondary" onClick={onRefresh}>
          Refresh
        </Button>
      ) : null}
    </div>
  );
}
