"use client";

// sessionStorage for the few non-personal facts a money write must survive a
// refresh with: an idempotency reference or attempt key, a transactionId, a
// start time. Never names, account numbers, BVNs or dates of birth.
// Per tab on purpose: a second tab starts its own write.

import { useCallback, useMemo, useSyncExternalStore } from "react";

const PREFIX = "merchant-console:";
const listeners = new Set<() => void>();

function readRaw(key: string): string | null {
  try {
    return window.sessionStorage.getItem(PREFIX + key);
  } catch {
    return null; // storage disabled: behave as if nothing was remembered
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) window.sessionStorage.removeItem(PREFIX + key);
    else window.sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the write itself still goes ahead, only the memory is lost.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A remembered value (null on the server and when absent or malformed) and its setter; null forgets. */
export function useSessionMemory<T>(key: string, isValid: (value: unknown) => value is T): [T | null, (value: T | null) => void] {
  // The raw string is the snapshot: stable between renders, so no re-render loop.
  const raw = useSyncExternalStore(subscribe, () => readRaw(key), () => null);
  const value = useMemo(() => {
    if (raw === null) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      return isValid(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }, [raw, isValid]);
  const set = useCallback((next: T | null) => write(key, next), [key]);
  return [value, set];
}
