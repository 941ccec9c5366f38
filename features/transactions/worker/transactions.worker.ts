// The transactions worker's entry: one engine per tab (see engine.ts), created by
// /transactions' HTML (early-start.ts) or features/transactions/worker-client.ts. JSON
// parsing of every chunk (as it streams in, wire-stream.ts), the merge, the sort, the filters, the
// totals and the charts' sums all run here, not on the page's main thread.
import { apiFetchStreamed } from "@/lib/api-fetch";
import { transactionChunkContract } from "@/features/transactions/contracts";
import { readChunkAnswer } from "../wire-stream";
import { TransactionsEngine } from "./engine";
import { WORKER_EXTRAS } from "./extras";
import { type FromWorker, type ToWorker, wakeMessage } from "../worker-protocol";
import { startModeOf } from "./url";

const scope = globalThis as unknown as {
  postMessage: (message: FromWorker) => void;
  addEventListener: (type: "message", listener: (event: MessageEvent<ToWorker>) => void) => void;
  location: { href: string };
};

const engine = new TransactionsEngine(
  ({ since, refresh, signal }) => apiFetchStreamed(transactionChunkContract, readChunkAnswer, { params: { since, refresh }, signal }),
  (message) => scope.postMessage(message),
  Date.now,
  WORKER_EXTRAS,
);

scope.addEventListener("message", (event) => engine.handle(event.data));

// Started by /transactions' HTML: the list starts loading now, as the script runs.
const startMode = startModeOf(scope.location.href);
if (startMode !== null) engine.handle(wakeMessage(startMode));
