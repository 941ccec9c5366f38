// Browser-safe on purpose (no "server-only"): these request schemas carry no
// secrets, and the BFF, the browser forms and the client (before signing)
// validate with the very same rules. Written in zod/mini: the full zod build
// would add ~90 KB of JavaScript to every form that imports them.
import Decimal from "decimal.js";
import * as z from "zod/mini";

/** A non-negative decimal string such as "200" or "1250.50"; money is never a JS number. */
const unsignedDecimalPattern = /^\d+(\.\d+)?$/;

interface AmountRule {
  /** Most digits allowed after the point for the currency (2 for fiat, 6 for stablecoins). */
  maxDecimals: number;
  min?: string;
  max?: string;
  /** Currency named in bound messages, e.g. "BDT". */
  currency?: string;
}

export function decimalsOf(value: string): number {
  const point = value.indexOf(".");
  return point === -1 ? 0 : value.length - point - 1;
}

/** A positive amount as a decimal string, checked with decimal.js so no float rounding is involved. */
export function amountString({ maxDecimals, min, max, currency }: AmountRule) {
  const unit = currency ? ` ${currency}` : "";
  return z.string().check(
    z.trim(),
    // abort: the numeric checks below must only ever see a well-formed decimal.
    z.regex(unsignedDecimalPattern, { message: "Amount must be a decimal number such as 200 or 200.50", abort: true }),
    z.refine((value) => decimalsOf(value) <= maxDecimals, `Amount allows at most ${maxDecimals} decimals`),
    z.refine((value) => new Decimal(value).gt(0), "Amount must be greater than zero"),
    z.refine((value) => min === undefined || new Decimal(value).gte(min), `Amount must be at least ${min}${unit}`),
    z.refine((value) => max === undefined || new Decimal(value).lte(max), `Amount must be at most ${max}${unit}`),
  );
}

export const FIAT_DECIMALS = 2;
export const STABLECOIN_DECIMALS = 6;

/**
 * The caller owns the Idempotency-Key (one per create, reused on every retry),
 * so it must be stable and header-safe: visible ASCII without spaces.
 */
export const idempotencyKeySchema = z
  .string()
  .check(
    z.minLength(1, "Idempotency-Key is required"),
    z.maxLength(255, "Idempotency-Key is at most 255 characters"),
    z.regex(/^[\x21-\x7e]+$/, "Idempotency-Key must be visible ASCII without spaces"),
  );

export const httpsUrlSchema = z.url({ protocol: /^https$/, error: "Must be an https:// URL" });

export const nonEmptyText = z.string().check(z.trim(), z.minLength(1, "Required"));

export const emailSchema = z.email("Must be an email address");

/**
 * The merchant's own id for a write: every rail's merchantReference, and
 * Bangladesh's goodsInfo.id. The spec only says "string" (§2.4, §2.5), so the
 * rule is ours (docs/decisions.md, "One merchantReference rule"): 1 to 64 of
 * A-Z a-z 0-9 . _ : -, starting with a letter or digit. The Idempotency-Key
 * derives from it, operators read it on screens and in logs, paste it into
 * spreadsheets and type it back into a lookup: so no control, invisible or
 * direction-changing characters, no look-alike letters, nothing a spreadsheet
 * reads as a formula (= + - @ first), and no megabyte strings.
 */
const MERCHANT_REFERENCE_MAX_LENGTH = 64;
export const merchantReferenceSchema = z.string().check(
  z.trim(),
  // abort: a 2 MB value is refused on its length, before the pattern reads it.
  z.minLength(1, { message: "Reference is required", abort: true }),
  z.maxLength(MERCHANT_REFERENCE_MAX_LENGTH, { message: `At most ${MERCHANT_REFERENCE_MAX_LENGTH} characters`, abort: true }),
  z.regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, "Letters, digits and . _ : - only, starting with a letter or digit"),
);
