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
