"use client";

// sessionStorage for the few non-personal facts a money write must survive a
// refresh with: its reference, a transactionId, a start time. Never names, account numbers, BVNs or dates of birth.
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

function parse<T>(raw: string | null, isValid: (value: unknown) => value is T): T | null {
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** A remembered value (null on the server and when absent or malformed) and its setter; null forgets. */
export function useSessionMemory<T>(key: string, isValid: (value: unknown) => value is T): [T | null, (value: T | null) => void] {
  // The raw string is the snapshot: stable between renders, so no re-render loop.
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(key),
    () => null,
  );
  const value = useMemo(() => parse(raw, isValid), [raw, isValid]);
  const set = useCallback((next: T | null) => write(key, next), [key]);
  return [value, set];
}

/**
 * Stores `make()` unless storage already holds a valid value. Reads storage
 * itself, not a render's snapshot: right after hydration that snapshot is still
 * the server's null, and a remembered value must not be overwritten.
 */
export function rememberIfAbsent<T>(key: string, isValid: (value: unknown) => value is T, make: () => T): void {
  if (parse(readRaw(key), isValid) === null) write(key, make());
}
