import "server-only";
import type { PaymentsApiError } from "./errors";

export type HttpMethod = "GET" | "POST" | "PATCH";

export interface RetryPolicy {
  /** Retries after the first attempt (so attempts = maxRetries + 1). */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the 429 is surfaced instead. */
  maxRetryAfterSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 200,
  maxDelayMs: 2_000,
  maxRetryAfterSeconds: 10,
};

/** Gateway failures that say nothing about whether a read would succeed next time. */
const RETRYABLE_READ_STATUSES = new Set([502, 504]);

/**
 * How long to wait before the next attempt, or undefined to stop.
 * - No answer (network error, timeout): retried for every method; writes are
 *   safe because they resend the same Idempotency-Key and the same bytes.
 * - GET: also 502, 504 and a 429 whose Retry-After fits the bound.
 * - Everything else, including 503 payment_unavailable (a rail state), is final.
 */
export function nextRetryDelayMs(
  method: HttpMethod,
  error: PaymentsApiError,
  retriesSoFar: number,
  policy: RetryPolicy,
  random: () => number,
): number | undefined {
  if (retriesSoFar >= policy.maxRetries) return undefined;
  const backoff = jitteredBackoffMs(retriesSoFar, policy, random);
  if (error.status === 0) return backoff;
  if (method !== "GET") return undefined;
  if (RETRYABLE_READ_STATUSES.has(error.status)) return backoff;
  if (error.status === 429) {
    if (error.retryAfterSeconds === undefined) return backoff;
    return error.retryAfterSeconds <= policy.maxRetryAfterSeconds ? error.retryAfterSeconds * 1000 : undefined;
  }
  return undefined;
}

/** "Full jitter" exponential backoff, so many clients retrying together spread out. */
function jitteredBackoffMs(retriesSoFar: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retriesSoFar);
  return Math.round(random() * ceiling);
}
