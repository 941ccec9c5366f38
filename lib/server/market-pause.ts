import "server-only";
import { PaymentsApiError } from "@/lib/payments";
import type { Environment } from "@/lib/rails";

// §1 rule 9: the Bangladesh rail may be paused, and the API has no endpoint
// that says so. The only signal is a write answering payment_unavailable, so
// we remember it per environment and show the market as paused until a later
// Bangladesh write succeeds or PAUSE_MEMORY_MS has passed (the pause may have
// ended without any write from this dashboard to notice it).
export const PAUSE_MEMORY_MS = 10 * 60 * 1000;

// On globalThis: the overview page (a server component) and the route handlers that make
// the writes are bundled separately, each with its own copy of this module, and a Map here
// would give each its own memory: the overview never learned of a pause.
const holder = globalThis as typeof globalThis & { __bangladeshPausedSince?: Map<Environment, number> };
const pausedSince = (holder.__bangladeshPausedSince ??= new Map<Environment, number>());

export function isBangladeshPaused(mode: Environment, now: number = Date.now()): boolean {
  const since = pausedSince.get(mode);
  if (since === undefined) return false;
  if (now - since >= PAUSE_MEMORY_MS) {
    pausedSince.delete(mode);
    return false;
  }
  return true;
}

/** Every Bangladesh write (POST /v1/payins, POST /v1/payouts) goes through this, so the market state follows it. */
export async function trackBangladeshWrite<T>(mode: Environment, write: () => Promise<T>): Promise<T> {
  try {
    const result = await write();
    pausedSince.delete(mode);
    return result;
  } catch (err) {
    if (err instanceof PaymentsApiError && err.code === "payment_unavailable") pausedSince.set(mode, Date.now());
    throw err;
  }
}
