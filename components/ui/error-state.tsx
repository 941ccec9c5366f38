"use client";

import { isApiFetchError } from "@/lib/api-fetch";
import { Button } from "@/components/ui/button";

/** One widget's failure: says what failed, offers a retry, and leaves the rest of the page alone. */
export function ErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : "Something went wrong.";
  const requestId = isApiFetchError(error) ? error.requestId : undefined;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">{title}</p>
      <p className="mt-1">{message}</p>
      {requestId ? <p className="mt-1 font-mono text-xs">Request ID: {requestId}</p> : null}
      {onRetry ? (
        <Button variant="secondary" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
