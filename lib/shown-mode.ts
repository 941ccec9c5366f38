// The mode (test or live) this tab's pages show, for the requests they send (lib/api-fetch.ts
// states it with every request; the BFF refuses a write made in another mode than the
// session's). Set by the dashboard's ModeScope from the session the header shows. Browser-only
// state: on the server it stays null and nothing is stated.
import type { Environment } from "./rails";

let shown: Environment | null = null;
/** The mode this tab switched to itself, until the pages show it: that change needs no notice. */
let switchingTo: Environment | null = null;
const refusedListeners = new Set<() => void>();

export function shownMode(): Environment | null {
  return shown;
}

export function setShownMode(mode: Environment): void {
  shown = mode;
}

/** This tab asked for `mode` (the mode switch): when the pages show it, it is no surprise. */
export function expectModeSwitch(mode: Environment): void {
  switchingTo = mode;
}

/** Whether the pages now showing `mode` is this tab's own switch (answered once). */
export function takeOwnSwitch(mode: Environment): boolean {
  const own = switchingTo === mode;
  switchingTo = null;
  return own;
}

/** Hears when the BFF refused a write because the session's mode is no longer the one shown. */
export function onShownModeRefused(listener: () => void): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

export function reportShownModeRefused(): void {
  for (const listener of [...refusedListeners]) listener();
}
