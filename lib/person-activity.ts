// Browser-safe. Which of this tab's reads a person caused (issue 54): the idle timeout must run
// while a dashboard sits open on an unattended desk, though its polls and refetches go on. A read
// is background when the tab is hidden or nobody pressed a key, clicked, touched or scrolled in it
// in the last RECENT_INPUT_MS: the balances and payouts polls, refetches on focus and reconnect, a
// status page's polling. The transactions worker has no page to watch: its reads (the feed's
// refresh every 5 s) are always background; the page load that started it counted.

const RECENT_INPUT_MS = 5_000;
const INPUTS = ["keydown", "pointerdown", "touchstart", "wheel"] as const;

let lastInputAt = Number.NEGATIVE_INFINITY;
let watching = false;

/** Starts noting the person's input in this tab (once; the app shell calls it). */
export function watchPersonActivity(): void {
  if (watching || typeof document === "undefined") return;
  watching = true;
  const noted = () => void (lastInputAt = Date.now());
  for (const type of INPUTS) document.addEventListener(type, noted, { capture: true, passive: true });
}

/**
 * The rule itself, pure for tests.
 * @internal
 */
export function isBackground(state: { hidden: boolean; lastInputAt: number; now: number }): boolean {
  return state.hidden || state.now - state.lastInputAt > RECENT_INPUT_MS;
}

/** Whether a read sent now is background (never true for a write: a write is always someone's). */
export function isBackgroundRead(now = Date.now()): boolean {
  if (typeof document === "undefined") return true;
  return isBackground({ hidden: document.visibilityState === "hidden", lastInputAt, now });
}
