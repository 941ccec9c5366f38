"use client";

import { useQuery, type QueryKey } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";

/**
 * How long a final record stays fresh: a record read for the page's first HTML is not read again
 * the moment the page hydrates.
 * @internal
 */
export const FINAL_STALE_MS = 30_000;

/**
 * The polled query's staleTime for what it holds now (see FINAL_STALE_MS). One still changing is
 * fresh only until its first poll is due (`pollMs`): the read behind the page's first HTML is not
 * repeated on hydration, yet a page opened later reads it afresh.
 * @internal
 */
export function pollingStaleTime<T>(data: T | undefined, isFinal: (data: T) => boolean, pollMs: number): number {
  if (data === undefined) return 0;
  return isFinal(data) ? FINAL_STALE_MS : pollMs;
}

type Options<T> = {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  /** True once the record can no longer change: polling stops. */
  isFinal: (data: T) => boolean;
  initialIntervalMs?: number;
  maxIntervalMs?: number;
  /** Past this, polling stops and the page offers a manual refresh. */
  maxDurationMs?: number;
  enabled?: boolean;
};

/**
 * Polls a status endpoint with exponential backoff until a final state, for a
 * bounded time; then `timedOut` is true and `refresh()` checks once more and
 * starts a new polling window.
 */
export function usePollingStatus<T>({
  queryKey,
  queryFn,
  isFinal,
  initialIntervalMs = 2_000,
  maxIntervalMs = 30_000,
  maxDurationMs = 10 * 60_000,
  enabled = true,
}: Options<T>) {
  const [window_, setWindow] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const timedOutRef = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      timedOutRef.current = true;
      setTimedOut(true);
    }, maxDurationMs);
    return () => clearTimeout(timer);
  }, [maxDurationMs, window_]);

  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => queryFn({ signal }),
    enabled,
    staleTime: (current) => pollingStaleTime(current.state.data, isFinal, initialIntervalMs),
    refetchOnWindowFocus: false,
    refetchInterval: (current) => {
      const data = current.state.data;
      if (timedOutRef.current || (data !== undefined && isFinal(data))) return false;
      // 2 s, 3 s, 4.5 s … capped: quick feedback early, little load for long waits.
      return Math.min(maxIntervalMs, Math.round(initialIntervalMs * 1.5 ** current.state.dataUpdateCount));
    },
  });

  const { refetch } = query;
  const refresh = useCallback(() => {
    timedOutRef.current = false;
    setTimedOut(false);
    setWindow((n) => n + 1);
    void refetch();
  }, [refetch]);

  const final = query.data !== undefined && isFinal(query.data);
  return { ...query, final, timedOut: timedOut && !final, refresh };
}
