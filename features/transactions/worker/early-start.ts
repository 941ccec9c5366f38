// Browser-safe. The few bytes of script the server puts in /transactions' HTML so the tab's
// worker starts loading the list as the document arrives, not once the page's JS has run
// (~0.4 s later on the bench machine, which was most of a second viewer's wait). The page's
// worker client (features/transactions/worker-client.ts) adopts this worker when it
// boots. React never runs this script again: scripts it renders in the browser do not execute.
import type { Environment } from "@/lib/rails";
import { workerUrlStarting } from "./url";

/** Where the early worker waits for the page's worker client. */
export const EARLY_WORKER_GLOBAL = "__transactionsWorker";

/** JSON inside a <script>: no "<" may end the element early. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * Starts the worker, its URL asking for the list in `mode` (url.ts says why not a message). A
 * browser that cannot start it (or a second run) leaves nothing behind, and the page's worker
 * client starts one as before.
 */
export function earlyWorkerScript(mode: Environment): string {
  const url = scriptSafeJson(workerUrlStarting(mode));
  return `try{if(!window.${EARLY_WORKER_GLOBAL}){window.${EARLY_WORKER_GLOBAL}=new Worker(${url})}}catch(e){}`;
}
