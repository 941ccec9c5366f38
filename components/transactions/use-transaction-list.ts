"use client";

import { focusManager } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import type { Environment } from "@/lib/rails";
import type { TransactionChunkResponse } from "@/lib/transactions/types";
import { type ListState, transactionsWorker } from "./transactions-worker";

/** Same rule as the app's queries (lib/query-client.ts): a list older than this refreshes on refocus. */
const STALE_AFTER_MS = 30_000;

const noSubscription = () => () => undefined;

/** What the tab's worker last said about the list in `mode`; null on the server and before the first answer. */
export function useListState(mode: Environment): ListState | null {
  return useSyncExternalStore(
    typeof window === "undefined" ? noSubscription : (listener) => transactionsWorker().subscribe(listener),
    () => transactionsWorker().state(mode),
    () => null,
  );
}

/**
 * While `active`: hands the worker the server-rendered rows, starts a load (or a refresh of a
 * stale list), and does the same whenever the tab regains focus.
 */
export function useListLoading(mode: Environment, active: boolean, seed: TransactionChunkResponse | null = null): void {
  useEffect(() => {
    if (!active) return;
    const worker = transactionsWorker();
    if (seed?.environment === mode) worker.send({ kind: "seed", mode, chunk: seed });
    worker.send({ kind: "wake", mode, staleAfterMs: STALE_AFTER_MS });
    // Same trigger TanStack Query uses for refetchOnWindowFocus.
    return focusManager.subscribe((focused) => {
      if (focused) worker.send({ kind: "wake", mode, staleAfterMs: STALE_AFTER_MS });
    });
  }, [mode, active, seed]);
}
