import "server-only";
import type { FetchLike } from "./http";

/**
 * A transport whose HTTP calls are at most `max` in flight; the rest queue in call order. A call
 * gives its place up once the answer's body is in, before the caller parses it, so a full load
 * parses inside the next request's round trip and the upstream never sees more than `max`
 * (docs/decisions/0126).
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
