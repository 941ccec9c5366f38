"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False during server rendering and hydration, true once React owns the page. Controls
 * whose click does nothing without JavaScript stay disabled until then, instead of
 * swallowing an early click (or, for a form, submitting it natively).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * useHydrated for a caller whose output depends on it only while `matters`: otherwise it
 * says true from the start, so the end of hydration does not force that caller, and all
 * it renders, to render again.
 */
export function useHydratedIf(matters: boolean): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => !matters,
  );
}
