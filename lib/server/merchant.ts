import "server-only";
import type { MerchantDto } from "@/lib/contracts/me";
import type { PaymentsClient } from "@/lib/payments";
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
