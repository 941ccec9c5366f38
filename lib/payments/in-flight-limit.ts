import "server-only";
import type { FetchLike } from "./http";

/**
 * A transport whose HTTP calls are at most `max` in flight; the rest queue in call order.
 * A call holds its place until the transport's answer is in (undici-fetch.ts reads the body
 * before it answers), and gives it up before the caller parses and checks that answer. So a
 * caller working on many requests at once (the transaction list's full load) keeps `max`
 * requests on the wire while it parses the answers already in: the parsing hides inside the
 * next request's round trip instead of delaying it, and the upstream never sees more than
 * `max` at once.
 */
export function limitInFlight(fetch: FetchLike, max: number): FetchLike {
  if (!Number.isInteger(max) || max < 1) throw new Error(`limitInFlight: max must be a positive integer, got ${max}`);
  let inFlight = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else inFlight--;
  };
  return async (input, init) => {
    if (inFlight < max) inFlight++;
    else await new Promise<void>((resolve) => queue.push(resolve));
    try {
      return await fetch(input, init);
    } finally {
      release();
    }
  };
}
