import "server-only";
import type { MerchantDto } from "@/lib/contracts/me";
import type { PaymentsClient } from "@/lib/payments";
import { answerWithin } from "@/lib/answer-within";
import type { Environment } from "@/lib/rails";
import { paymentsFor } from "./payments";

/**
 * How long one read of the merchant's identity serves: as long as the browser keeps it
 * (meQueryOptions' staleTime). A name or id changes on the provider's side, rarely.
 * @internal
 */
export const MERCHANT_FRESH_MS = 5 * 60_000;

/**
 * Only what the header shows; scopes and the key prefix stay on the server (the settings page reads them itself).
 * @internal
 */
export async function readMerchant(client: PaymentsClient, mode: Environment): Promise<MerchantDto> {
  const me = await client.me();
  return { merchantId: me.merchantId, name: me.name ?? me.merchantId, environment: me.environment ?? mode };
}

/**
 * A page does not wait for a read that begins within this long of one that failed: the API was
 * down a moment ago, and every page would otherwise spend PAGE_WAIT_MS finding that out again.
 * @internal
 */
export const AFTER_FAILURE_MS = 60_000;

export type MerchantIdentity = {
  /** The identity: the fresh copy, the read in flight, or a new read. */
  (mode: Environment): Promise<MerchantDto>;
  /**
   * Whether a page's HTML should wait (up to `waitMs`) for the read it is about to join: not when
   * that read has already been in flight for `waitMs` (an earlier page waited its fill for it: the
   * API is slow or down), nor within AFTER_FAILURE_MS of a failed read.
   */
  worthWaiting: (mode: Environment, waitMs: number) => boolean;
};

/**
 * The merchant behind each environment's keys, read once per MERCHANT_FRESH_MS and shared by
 * every page's first HTML (the dashboard layout) and GET /api/me: the header names the merchant
 * as it is first painted, on every page, instead of a skeleton until the browser has asked.
 * Reads in flight are shared; a failed read is not kept, so the next asks again.
 * @internal
 */
export function createMerchantIdentity(read: (mode: Environment) => Promise<MerchantDto>, now: () => number = Date.now): MerchantIdentity {
  const kept = new Map<Environment, { at: number; answer: Promise<MerchantDto>; settled: boolean }>();
  const failedAt = new Map<Environment, number>();
  const identity = (mode: Environment): Promise<MerchantDto> => {
    const entry = kept.get(mode);
    if (entry && now() - entry.at < MERCHANT_FRESH_MS) return entry.answer;
    const answer = read(mode);
    const made = { at: now(), answer, settled: false };
    kept.set(mode, made);
    answer.then(
      () => {
        made.settled = true;
        failedAt.delete(mode);
      },
      () => {
        failedAt.set(mode, now());
        if (kept.get(mode) === made) kept.delete(mode);
      },
    );
    return answer;
  };
  const worthWaiting = (mode: Environment, waitMs: number): boolean => {
    const entry = kept.get(mode);
    if (entry && !entry.settled && now() - entry.at >= waitMs) return false;
    const failed = failedAt.get(mode);
    return failed === undefined || now() - failed >= AFTER_FAILURE_MS;
  };
  return Object.assign(identity, { worthWaiting });
}

export const merchantIdentity = createMerchantIdentity((mode) => readMerchant(paymentsFor(mode), mode));

/**
 * How long a page's HTML waits for a copy that is not there yet. The copy is there for all but
 * one render per environment per 5 minutes; when the API is slow or down, every page must still
 * render at once (the payments client retries a read for up to ~30 s), with the header's own read
 * left to the browser, as before.
 * @internal
 */
export const PAGE_WAIT_MS = 300;

/**
 * The identity if it is there within `waitMs` (at once when waiting is not worth it: see
 * `worthWaiting`), else undefined; the read goes on and fills the copy either way.
 */
export function merchantForPage(
  mode: Environment,
  identity: MerchantIdentity = merchantIdentity,
  waitMs = PAGE_WAIT_MS,
): Promise<MerchantDto | undefined> {
  // Asked before joining the read: a read this call starts has not been in flight at all.
  const worthWaiting = identity.worthWaiting(mode, waitMs);
  const answer = identity(mode);
  // Not worth waiting: a copy already there (the first promise in the race) and nothing else.
  return worthWaiting ? answerWithin(answer, waitMs) : Promise.race([answer, Promise.resolve(undefined)]);
}
