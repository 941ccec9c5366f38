import "server-only";
import type { PayinRegion, PayoutRegion } from "@/lib/regions/regions";
import type { Environment } from "@/lib/rails";
import { attemptIdempotencyKey, referenceIdempotencyKey } from "../idempotency";

// The BFF derives every Idempotency-Key (the browser never chooses one):
// writes that carry the merchant's own id (payouts, PYUSD intents) from the
// environment and merchantReference; pay-ins without one from the environment
// and the browser's attempt key, made once per reviewed pay-in. The scope
// keeps two kinds of write from ever sharing a key.

type PayinKeyInput = { attemptKey: string } | { body: { merchantReference: string } };

export function payinIdempotencyKey(region: PayinRegion, mode: Environment, input: PayinKeyInput): string {
  const scope = `${region}-payin`;
  return "attemptKey" in input ? attemptIdempotencyKey(scope, mode, input.attemptKey) : referenceIdempotencyKey(scope, mode, input.body.merchantReference);
}

export function payoutIdempotencyKey(region: PayoutRegion, mode: Environment, merchantReference: string): string {
  return referenceIdempotencyKey(`${region}-payout`, mode, merchantReference);
}
