import "server-only";
import { createHmac } from "node:crypto";
import { sealData, unsealData } from "iron-session";
import { z } from "zod";
import type { Environment } from "@/lib/rails";

// Proof that the BFF resolved a beneficiary by its own name enquiry: an
// encrypted, signed, short-lived token bound to the beneficiary's fields, the
// environment and the staff member. A payout whose beneficiary differs in any
// field, or whose token is forged, expired or someone else's, is refused.

/** @internal */
export const BENEFICIARY_TOKEN_TTL_SECONDS = 15 * 60;

export type Beneficiary = { bankCode: string; accountNumber: string; accountName: string; bankName: string };
export type TokenBinding = { environment: Environment; subject: string };
type Keying = { secret: string; now?: number };

const payloadSchema = z.object({
  purpose: z.literal("ngn-beneficiary"),
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  bankName: z.string(),
  environment: z.enum(["test", "live"]),
  subject: z.string(),
  exp: z.number(),
});

/** Domain separation: a session cookie sealed with SESSION_SECRET can never pass as a beneficiary token. */
function tokenPassword(secret: string): string {
  return createHmac("sha256", secret).update("ngn-beneficiary-token/v1").digest("hex");
}

export async function sealBeneficiary(beneficiary: Beneficiary, binding: TokenBinding, { secret, now = Date.now() }: Keying) {
  const exp = now + BENEFICIARY_TOKEN_TTL_SECONDS * 1000;
  const payload: z.infer<typeof payloadSchema> = {
    purpose: "ngn-beneficiary",
    bankCode: beneficiary.bankCode,
    accountNumber: beneficiary.accountNumber,
    accountName: beneficiary.accountName,
    bankName: beneficiary.bankName,
    environment: binding.environment,
    subject: binding.subject,
    exp,
  };
  // The seal's own TTL is a backstop (real clock, a minute of slack); `exp` is the rule.
  const token = await sealData(payload, { password: tokenPassword(secret), ttl: BENEFICIARY_TOKEN_TTL_SECONDS + 60 });
  return { token, expiresAt: new Date(exp).toISOString() };
}

export type TokenCheck = { ok: true } | { ok: false; reason: "invalid" | "expired" | "mismatch" };

export async function verifyBeneficiary(
  token: string,
  claimed: Beneficiary,
  binding: TokenBinding,
  { secret, now = Date.now() }: Keying,
): Promise<TokenCheck> {
  let raw: unknown;
  try {
    raw = await unsealData(token, { password: tokenPassword(secret), ttl: BENEFICIARY_TOKEN_TTL_SECONDS + 60 });
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const parsed = payloadSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const payload = parsed.data;
  if (payload.exp <= now) return { ok: false, reason: "expired" };
  const same =
    payload.environment === binding.environment &&
    payload.subject === binding.subject &&
    payload.bankCode === claimed.bankCode &&
    payload.accountNumber === claimed.accountNumber &&
    payload.accountName === claimed.accountName &&
    payload.bankName === claimed.bankName;
  return same ? { ok: true } : { ok: false, reason: "mismatch" };
}
