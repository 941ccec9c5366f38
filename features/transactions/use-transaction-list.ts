"use client";

import { focusManager } from "@tanstack/react-query";
import { startTransition, useEffect, useState } from "react";
import type { Environment } from "@/lib/rails";
import type { TransactionChunkResponse } from "@/lib/transaction-row";
import { wakeMessage } from "@/features/transactions/worker-protocol";
import { type ListState, transactionsWorker } from "./worker-client";

/**
 * What the tab's worker last said about the list in `mode`; null on the server, during hydration
 * and before the first answer. A state set in a transition, not useSyncExternalStore: its
 * synchronous renders (30–90 ms per answer) made clicks wait (docs/decisions/0126).
 */
export function useListState(mode: Environment): ListState | null {
  const [held, setHeld] = useState<{ mode: Environment; state: ListState } | null>(null);
  useEffect(() => {
    const worker = transactionsWorker();
    const read = () => startTransition(() => setHeld({ mode, state: worker.state(mode) }));
    read();
    return worker.subscribe(read);
  }, [mode]);
  // Until the effect for a new mode has read it, the last mode's state is not this one's.
  return held?.mode === mode ? held.state : null;
}

/** Modes whose load this tab has asked for during a render (see useListLoading). */
const asked = new Set<Environment>();
/** Of those, the ones whose mount effect has not run yet: it need not ask again. */
const askedInRender = new Set<Environment>();

/**
 * While `active`: hands the worker the server-rendered rows, starts a load (or a refresh of a stale
 * list), and again whenever the tab regains focus. The first ask is made during hydration, not in an
 * effect, which runs only once the whole page has hydrated (docs/decisions/0126).
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
