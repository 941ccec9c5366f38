// Browser-safe. The transactions worker's script, built apart from the page's JS by
// scripts/transactions-worker-build.mjs (it says why) and served from public/.
import { isEnvironment, type Environment } from "@/lib/rails";

export const TRANSACTIONS_WORKER_URL = "/_workers/transactions.js";

const START_PARAM = "start";

/**
 * The worker's URL, saying which list it starts loading as it boots. A message would wait: the
 * browser hands a new worker the messages posted before it ran only once the page's main thread
 * hears that the worker's script ran, and during a page's boot that thread is busy (~45 ms late
 * in a trace of a second viewer's load).
 */
export function workerUrlStarting(mode: Environment): string {
  return `${TRANSACTIONS_WORKER_URL}?${START_PARAM}=${mode}`;
}

/** The mode a worker at `href` was started for, or null (started by the page, or a URL not ours). */
export function startModeOf(href: string): Environment | null {
  const mode = new URL(href).searchParams.get(START_PARAM);
  return isEnvironment(mode) ? mode : null;
}
