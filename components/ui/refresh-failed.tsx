"use client";

import { AsOf } from "./as-of";
import { Button } from "./button";

/**
 * A background refresh (the minute's, or on focus) that failed while the page still holds what
 * an earlier read gave: said beside what it guards, which stays as it is. A form half filled in
 * must not be replaced by an error, and its typing lost, because one refresh failed.
 */
export function RefreshFailed({
  what,
  error,
  readAt,
  onRetry,
}: {
  what: string;
  error: unknown;
  /** When the data still shown was read (ms since the epoch). */
  readAt: number;
  onRetry: () => void;
}) {
  const message = error instanceof Error ? error.message : "Something went wrong.";
  return (
    <div role="status" data-testid="refresh-failed" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-medium">
        Refreshing {what} failed: {message}
      </p>
      <p className="mt-1">What is shown is the last answer; anything typed here stays as it is.</p>
      <AsOf iso={new Date(readAt).toISOString()} label="Read at" />
      <Button variant="secondary" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
