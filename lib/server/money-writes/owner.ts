import "server-only";
import { randomUUID } from "node:crypto";
import { DEFAULT_TIMEOUT_MS } from "@/lib/payments/client";
import { DEFAULT_RETRY_POLICY } from "@/lib/payments/retry-policy";
import { env } from "../env";
import type { WriteOwner, WriteRecord } from "./ledger";

// Who is sending a write, and for how long a write in flight may stay silent.

/**
 * The longest one money write can take in the payments client: every attempt
 * timing out (a write is retried only when no answer came, with the same key
 * and bytes) plus the longest backoff before each retry.
 * @internal
 */
export const LONGEST_SEND_MS = (() => {
  const { maxRetries, baseDelayMs, maxDelayMs } = DEFAULT_RETRY_POLICY;
  let total = (maxRetries + 1) * DEFAULT_TIMEOUT_MS;
  for (let retry = 0; retry < maxRetries; retry += 1) total += Math.min(maxDelayMs, baseDelayMs * 2 ** retry);
  return total;
})();

/**
 * A write in intent or sent touched less than this long ago may still be on its
 * way from a live instance: a lookup answers `in_flight` and the reconciler
 * leaves it alone. Older, no process is still sending it. Twice the longest send,
 * so clock skew between instances and the database cannot make a live send look stale.
 */
export const IN_FLIGHT_GRACE_MS = 2 * LONGEST_SEND_MS;

/**
 * Whether a write may still be sending: older than the grace, it is looked up like an unknown one.
 * Its age is the database's (quietMs), so an instance whose clock runs ahead never takes a live
 * send for an abandoned one.
 */
export function stillInFlight(record: WriteRecord): boolean {
  return (record.state === "intent" || record.state === "sent") && record.quietMs < IN_FLIGHT_GRACE_MS;
}

// On globalThis: pages, route handlers and instrumentation are bundled apart, and one
// process is one boot whichever bundle asks.
const holder = globalThis as unknown as { __moneyWriteBootId?: string };

/** This process: its instance (INSTANCE_ID, stable across restarts) and a random id for this boot of it. */
export function processOwner(): WriteOwner {
  holder.__moneyWriteBootId ??= randomUUID();
  return { instanceId: env().instanceId, bootId: holder.__moneyWriteBootId };
}
