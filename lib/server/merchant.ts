import "server-only";
import type { MerchantDto } from "@/lib/contracts/me";
import type { PaymentsClient } from "@/lib/payments";
import { answerWithin } from "@/lib/answer-within";
import type { Environment } from "@/lib/rails";
import { paymentsFor } from "./payments";

/**
 * How long one read of the merchant's identity serves: as long as the browser keeps it
 * (meQueryOptions' staleTime). A name or id changes on the provider's side, rarely.
 */
export const MERCHANT_FRESH_MS = 5 * 60_000;

/** Only what the header shows; scopes and the key prefix stay on the server (the settings page reads them itself). */
export async function readMerchant(client: PaymentsClient, mode: Environment): Promise<MerchantDto> {
  const me = await client.me();
  return { merchantId: me.merchantId, name: me.name ?? me.merchantId, environment: me.environment ?? mode };
}

/**
 * The merchant behind each environment's keys, read once per MERCHANT_FRESH_MS and shared by
 * every page's first HTML (the dashboard layout) and GET /api/me: the header names the merchant
 * as it is first painted, on every page, instead of a skeleton until the browser has asked.
 * Reads in flight are shared; a failed read is not kept, so the next asks again.
 */
export function createMerchantIdentity(read: (mode: Environment) => Promise<MerchantDto>, now: () => number = Date.now) {
  const kept = new Map<Environment, { at: number; answer: Promise<MerchantDto> }>();
  return (mode: Environment): Promise<MerchantDto> => {
    const entry = kept.get(mode);
    if (entry && now() - entry.at < MERCHANT_FRESH_MS) return entry.answer;
    const answer = read(mode);
    kept.set(mode, { at: now(), answer });
    answer.catch(() => {
      if (kept.get(mode)?.answer === answer) kept.delete(mode);
    });
    return answer;
  };
}

export const merchantIdentity = createMerchantIdentity((mode) => readMerchant(paymentsFor(mode), mode));

/**
 * How long a page's HTML waits for a copy that is not there yet. The copy is there for all but
 * one render per environment per 5 minutes; when the API is slow or down, every page must still
 * render at once (the payments client retries a read for up to ~30 s), with the header's own read
 * left to the browser, as before.
 */
export const PAGE_WAIT_MS = 300;

/** The identity if it is there within `waitMs`, else undefined; the read goes on and fills the copy either way. */
export function merchantForPage(
  mode: Environment,
  identity: (mode: Environment) => Promise<MerchantDto> = merchantIdentity,
  waitMs = PAGE_WAIT_MS,
): Promise<MerchantDto | undefined> {
  return answerWithin(identity(mode), waitMs);
}
