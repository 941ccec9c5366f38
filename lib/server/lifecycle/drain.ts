import type { Server, ServerResponse } from "node:http";

// No "server-only": server.ts uses it outside Next, and the demo reads DRAIN_DEADLINE_MS outside
// the react-server condition; it holds no secret. On SIGTERM the server stops taking connections,
// /api/health answers 503, and requests in flight finish before the shutdown hooks run: a money
// write cut off mid-send would be left unknown (docs/decisions/0041).

/**
 * How long a stop waits for requests in flight: the longest money write, LONGEST_SEND_MS
 * (lib/server/money-writes/owner.ts, 30.6 s: three 10 s attempts and their backoffs), plus 5 s
 * to answer and log it. A copy, because that module is server-only and server.ts runs outside
 * Next; tests/server/drain.test.ts fails if the two drift apart.
 */
export const DRAIN_DEADLINE_MS = 35_600;

/** Idle kept-alive connections are closed this often while draining: a busy one turns idle once answered. */
const SWEEP_EVERY_MS = 250;

// On globalThis: server.ts sets it, the health route (in Next's bundle) reads it, and the
// money-write pipeline (in each route's bundle) registers its sends here.
const holder = globalThis as unknown as { __merchantConsoleDraining?: boolean; __merchantConsoleWritesInFlight?: Set<Promise<void>> };
const writesInFlight = (holder.__merchantConsoleWritesInFlight ??= new Set());

/**
 * A money write's send, for the drain to wait on. Its request may have no connection left (the
 * browser refreshed or closed the tab: the handler goes on, as it must), so waiting for the
 * connections alone would exit mid-send and leave the write unknown.
 */
export function trackWriteInFlight(send: Promise<unknown>): void {
  const settled = send.then(
    () => undefined,
    () => undefined,
  );
  writesInFlight.add(settled);
  void settled.then(() => writesInFlight.delete(settled));
}

/** Whether this instance is stopping: the balancer should send it nothing new. */
export const isDraining = (): boolean => holder.__merchantConsoleDraining === true;

/** A request that still reaches a stopping instance (on a kept-alive connection) is served, and its connection then closed. */
export function closeConnectionIfDraining(res: ServerResponse): void {
  if (isDraining()) res.setHeader("Connection", "close");
}

/**
 * Stops taking connections and resolves once every connection has ended and every money write
 * has its answer ("drained"), or at the deadline ("deadline") with requests still open. Idle kept-alive connections are closed at once
 * and as they turn idle, or a browser's open socket would hold the stop until the deadline.
 */
export function drain(server: Server, deadlineMs = DRAIN_DEADLINE_MS): Promise<"drained" | "deadline"> {
  holder.__merchantConsoleDraining = true;
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_EVERY_MS);
    const deadline = setTimeout(() => finish("deadline"), deadlineMs);
    function finish(how: "drained" | "deadline"): void {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve(how);
    }
    // Called when the last connection ends (or at once, with an error, if it never listened);
    // then the money writes still sending without a connection (a write never starts after this:
    // no request is left to start one).
    server.close(() => void Promise.all([...writesInFlight]).then(() => finish("drained")));
    server.closeIdleConnections();
  });
}

/**
 * A signal one keypress sends twice (the terminal signals the whole process group, and npm
 * forwards its own copy to the child) is one request to stop, not a second.
 */
const SAME_SIGNAL_MS = 1_000;

/**
 * A signal listener: the first signal calls `stop`, a later one `now` (the person means it: no
 * more waiting). Copies of the first arriving within SAME_SIGNAL_MS are ignored.
 */
export function onStopSignal(stop: () => void, now: () => void, clock: () => number = Date.now): () => void {
  let first: number | null = null;
  return () => {
    if (first === null) {
      first = clock();
      stop();
    } else if (clock() - first >= SAME_SIGNAL_MS) now();
  };
}
