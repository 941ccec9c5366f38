"use client";

import type { QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useSession } from "@/components/session/use-session";
import { ErrorState } from "@/components/ui/error-state";
import { RefreshFailed } from "@/components/ui/refresh-failed";
import { isApiFetchError } from "@/lib/api-fetch";
import type { Market } from "@/lib/rails";
import { LoadingBlock } from "../ui/loading-block";
import { MarketUnavailable } from "./market-unavailable";
import { RecordNotFound } from "../ui/record-not-found";
import { usePollingStatus } from "./use-polling-status";

export type PollState = {
  final: boolean;
  timedOut: boolean;
  fetching: boolean;
  refresh: () => void;
  /** When the record shown was read (ms): "now" for what it says, the same in every render of it. */
  readAt: number;
};

type Props<T> = {
  /** "Brazil payment", "Europe payout": used in the loading, not-found and error texts. */
  what: string;
  /** The record's market: a read refused with 403 market_not_enabled says so as a state. */
  market: Market;
  id: string;
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  isFinal: (data: T) => boolean;
  children: (data: T, poll: PollState) => ReactNode;
};

/** A record polled until final (usePollingStatus), with its loading, not-found, market and error states; the caller renders the data. */
export function PolledRecord<T>({ what, market, id, queryKey, queryFn, isFinal, children }: Props<T>) {
  const { mode } = useSession();
  const record = usePollingStatus({ queryKey, queryFn, isFinal });
  if (record.isPending) return <LoadingBlock label={`Loading the ${what}`} className="h-48 w-full" />;
  if (record.isError && isApiFetchError(record.error)) {
    if (record.error.code === "not_found") return <RecordNotFound what={what} id={id} mode={mode} />;
    if (record.error.code === "market_not_enabled") return <MarketUnavailable market={market} state="not_enabled" />;
  }
  // Only with nothing read yet: a failed poll keeps the record (and a form in it, India's UTR) and says so above it.
  if (!record.data) return <ErrorState title={`The ${what} ${id} could not be loaded.`} error={record.error} onRetry={record.refresh} />;
  return (
    <>
      {record.isError ? (
        <div className="mb-4">
          <RefreshFailed what={`the ${what}`} error={record.error} readAt={record.dataUpdatedAt} onRetry={record.refresh} />
        </div>
      ) : null}
      {children(record.data, {
        final: record.final,
        timedOut: record.timedOut,
        fetching: record.isFetching,
        refresh: record.refresh,
        readAt: record.dataUpdatedAt,
      })}
    </>
  );
}
