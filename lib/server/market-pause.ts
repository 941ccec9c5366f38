import "server-only";
import { PaymentsApiError } from "@/lib/payments";
import type { Environment } from "@/lib/rails";
import { perEnvironment } from "./per-environment";

// §1 rule 9: the Bangladesh rail may be paused, and the API has no endpoint
// that says so. The only signal is a write answering payment_unavailable, so
// we remember it per environment and show the market as paused until a later
// Bangladesh write succeeds or PAUSE_MEMORY_MS has passed (the pause may have
// ended without any write from this dashboard to notice it).
export const PAUSE_MEMORY_MS = 10 * 60 * 1000;

/** When the last Bangladesh write answered payment_unavailable; null when none did, or a later one succeeded. */
const pauseFor = perEnvironment("__bangladeshPause", () => ({ since: null as number | null }));

export function isBangladeshPaused(mode: Environment, now: number = Date.now()): boolean {
  const pause = pauseFor(mode);
  if (pause.since === null) return false;
  if (now - pause.since >= PAUSE_MEMORY_MS) {
    pause.since = null;
    return false;
  }
  return true;
}

/** Every Bangladesh write (POST /v1/payins, POST /v1/payouts) goes through this, so the market state follows it. */
export async function trackBangladeshWrite<T>(mode: Environment, write: () => Promise<T>): Promise<T> {
  try {
    const result = await write();
    pauseFor(mode).since = null;
    return result;
  } catch (err) {
    if (err instanceof PaymentsApiError && err.code === "payment_unavailable") pauseFor(mode).since = Date.now();
    throw err;
  }
}
