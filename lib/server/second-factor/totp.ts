// No "server-only": the e2e helper computes the same codes (e2e/totp.ts), as an authenticator app would.
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { randomBytes, timingSafeEqual } from "node:crypto";

// TOTP as RFC 6238 and every authenticator app default it: HMAC-SHA1, 30-second steps, 6
// digits (@oslojs/otp computes the codes). A code is accepted for its own step and one step
// either side (clock drift between the phone and us), and only once: the caller records the
// step it matched and refuses that step and any earlier one next time.

const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/**
 * Steps accepted either side of the current one. Exported for the e2e suite's authenticator.
 * @internal
 */
export const DRIFT_STEPS = 1;
const TOTP_ISSUER = "Merchant Console";

/** 160 random bits, the length RFC 4226 recommends for HMAC-SHA1. */
export const newTotpKey = () => new Uint8Array(randomBytes(20));
export const totpKeyText = (key: Uint8Array) => encodeBase32UpperCaseNoPadding(key);
export const totpKeyFromText = (text: string) => decodeBase32IgnorePadding(text.replace(/\s/g, "").toUpperCase());

export const totpUri = (key: Uint8Array, account: string) => createTOTPKeyURI(TOTP_ISSUER, account, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);

export const totpStep = (nowMs: number) => BigInt(Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS));

export const totpCode = (key: Uint8Array, step: bigint) => generateHOTP(key, step, TOTP_DIGITS);

export const looksLikeTotpCode = (typed: string) => /^\d{6}$/.test(typed.replace(/\s/g, ""));

/** The step a typed code belongs to (now, or one step either side), or null. Compares in constant time. */
export function matchingTotpStep(key: Uint8Array, typed: string, nowMs: number): bigint | null {
  const code = Buffer.from(typed.replace(/\s/g, ""));
  if (code.length !== TOTP_DIGITS) return null;
  const now = totpStep(nowMs);
  let matched: bigint | null = null;
  for (let offset = -DRIFT_STEPS; offset <= DRIFT_STEPS; offset += 1) {
    const step = now + BigInt(offset);
    // Every step is computed and compared, matched or not: no timing tells which one matched.
    if (timingSafeEqual(Buffer.from(totpCode(key, step)), code) && matched === null) matched = step;
  }
  return matched;
}
