"use client";

import { Button } from "@/components/ui/button";
import { useAnnouncedOn } from "@/components/ui/use-announced-on";
import type { LoadState } from "@/features/transactions/feed";
import { holdsEveryRow } from "@/features/transactions/feed-state";

const count = new Intl.NumberFormat("en-US");

export function ScanProgress({ snapshot, onCancel, onResume }: { snapshot: LoadState; onCancel: () => void; onResume: () => void }) {
  const { loaded, total, status } = snapshot;
  const progress = `Searching the transaction list as a platform order ID: ${count.format(loaded)}${
    total === null ? "" : ` of ${count.format(Math.max(total, loaded))}`
  } searched${status === "cancelled" ? " — search cancelled, results are partial" : ""}`;
  // Read out when the search starts, stops or is cancelled, not at every tick of the count.
  const announced = useAnnouncedOn(status, progress);
  // Until this tab holds every row, not when the BFF does: "no match" is said only then too.
  if (holdsEveryRow(snapshot)) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-800" data-testid="scan-progress">
      <p>{progress}</p>
      <p role="status" aria-live="polite" className="sr-only">
        {announced}
      </p>
      {total ? <progress className="h-2 w-48" max={total} value={loaded} aria-label="Transactions searched" /> : null}
      {status === "loading" ? (
        <Button variant="secondary" onClick={onCancel}>
          Cancel search
        </Button>
      ) : (
        <Button variant="secondary" onClick={onResume}>
          Resume search
        </Button>
      )}
    </div>
  );
}
