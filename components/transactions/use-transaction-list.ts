"use client";

import { focusManager } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import type { Environment } from "@/lib/rails";
import type { TransactionChunkResponse } from "@/lib/transactions/types";
import { wakeMessage } from "@/lib/transactions/worker/protocol";
import { type ListState, transactionsWorker } from "./transactions-worker";

const noSubscription = () => () => undefined;

/** What the tab's worker last said about the list in `mode`; null on the server and before the first answer. */
export function useListState(mode: Environment): ListState | null {
  return useSyncExternalStore(
    typeof window === "undefined" ? noSubscription : (listener) => transactionsWorker().subscribe(listener),
    () => transactionsWorker().state(mode),
    () => null,
  );
}

/** Modes whose load this tab has asked for during a render (see useListLoading). */
const asked = new Set<Environment>();
/** Of those, the ones whose mount effect has not run yet: it need not ask again. */
const askedInRender = new Set<Environment>();

/**
 * While `active`: hands the worker the server-rendered rows, starts a load (or a refresh of a
 * stale list), and does the same whenever the tab regains focus.
 *
 * The first ask happens during the first render in the browser (hydration), not in an effect:
 * effects run only once the whole page has hydrated, and on a busy machine that is hundreds of
 * milliseconds the worker can spend fetching rows instead. The mount effect that follows does not
 * ask again (the seed's rows would be copied to the worker twice); later mounts and mode changes
 * ask from the effect.
 */
export function useListLoading(mode: Environment, active: boolean, seed: TransactionChunkResponse | null = null): void {
  if (typeof window !== "undefined" && active && !asked.has(mode)) {
    asked.add(mode);
    askedInRender.add(mode);
    askForRows(mode, seed);
  }
  useEffect(() => {
    if (!active) return;
    if (!askedInRender.delete(mode)) askForRows(mode, seed);
    const worker = transactionsWorker();
    // Same trigger TanStack Query uses for refetchOnWindowFocus.
    return focusManager.subscribe((focused) => {
      if (focused) worker.send(wakeMessage(mode));
    });
  }, [mode, active, seed]);
}

function askForRows(mode: Environment, seed: TransactionChunkResponse | null): void {
  const worker = transactionsWorker();
  if (seed?.environment === mode) worker.send({ kind: "seed", mode, chunk: seed });
  worker.send(wakeMessage(mode));
}
