// Browser-safe on purpose (no "server-only"): these request schemas carry no
// secrets, and the BFF, the browser forms and the client (before signing)
// validate with the very same rules. Written in zod/mini: the full zod build
// would add ~90 KB of JavaScript to every form that imports them.
import * as z from "zod/mini";
import { compareDecimalStrings, separatorProblem, withoutGrouping } from "@/lib/decimal-string";
import { formatAmount } from "@/lib/money";

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

/**
 * Digits before the point: the simulator refuses more than 12 (simulator/money.ts), and the spec
 * shows no limit; one place for the simulator's choice
 * (docs/decisions/0055-limits-every-form-checks-before-the-review.md), so the form names it
 * before the review instead of the API's "must be a positive decimal string".
 */
export const AMOUNT_MAX_INTEGER_DIGITS = 12;

const integerDigitsOf = (value: string) => value.split(".")[0]?.replace(/^0+(?=\d)/, "").length ?? 0;

/**
 * A positive amount as a decimal string, compared as a string (lib/decimal-string.ts) so no float rounding is
 * involved. Every check aborts: one message per field, the first that applies, in the order a
 * person fixes them (the form, then the size, the decimals, then the bounds; with a minimum,
 * "at least 500 NGN" says more than "greater than zero").
 */
export function amountString({ maxDecimals, min, max, currency }: AmountRule) {
  // A bound as the hints print it ("5,000,000.00 NGN"); without a currency, as the rule has it.
  const bound = (value = "") => (currency && value ? `${formatAmount(value, currency)} ${currency}` : value);
  return z.string().check(
    z.trim(),
    z.minLength(1, { message: "Enter an amount", abort: true }),
    // "1,000" as the console prints amounts; "1.000,50" is refused with how to write it, never misread.
    z.refine((value) => separatorProblem(value) === null, {
      error: (issue) => separatorProblem(String(issue.input)) ?? undefined,
      abort: true,
    }),
    z.overwrite(withoutGrouping),
    z.regex(unsignedDecimalPattern, { message: "Amount must be a decimal number such as 200 or 200.50", abort: true }),
    // "0250" is 250 to a person and a refusal to the API (simulator/money.ts): sent without the zeros.
    z.overwrite((value) => value.replace(/^0+(?=\d)/, "")),
    // "500.000" is 500.00 exactly: zeros past the currency's decimals are dropped, not refused as decimals it has not.
    z.overwrite((value) =>
      decimalsOf(value) > maxDecimals ? value.replace(new RegExp(`(\\.\\d{${maxDecimals}})0+$`), "$1").replace(/\.$/, "") : value,
    ),
    z.refine((value) => integerDigitsOf(value) <= AMOUNT_MAX_INTEGER_DIGITS, {
      message: `Amount has at most ${AMOUNT_MAX_INTEGER_DIGITS} digits before the decimal point`,
      abort: true,
    }),
    z.refine((value) => decimalsOf(value) <= maxDecimals, { message: `Amount allows at most ${maxDecimals} decimals`, abort: true }),
    min === undefined
      ? z.refine((value) => compareDecimalStrings(value, "0") > 0, { message: "Amount must be greater than zero", abort: true })
      : z.refine((value) => compareDecimalStrings(value, min) >= 0, { message: `Amount must be at least ${bound(min)}`, abort: true }),
    z.refine((value) => max === undefined || compareDecimalStrings(value, max) <= 0, {
      message: `Amount must be at most ${bound(max)}`,
      abort: true,
    }),
  );
}

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

/** 2,048 characters at most: the API's limit on a URL (simulator/validate.ts). */
export const httpsUrlSchema = z
  .url({ protocol: /^https$/, error: "Must be an https:// URL" })
  .check(z.maxLength(2_048, "A URL has at most 2,048 characters"));

/**
 * Free text the API takes (product names, tax ids, PIX keys): 1 to 200 characters. The 200 is
 * the simulator's limit on every text field (simulator/validate.ts; the spec shows none), kept
 * here so the form says it before the review rather than the API after it.
 */
export const TEXT_MAX_LENGTH = 200;
/**
 * What may not be in free text that reaches a bank statement or a provider: control characters (a
 * NUL, a line break) and the bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069), which show
 * text in another order than it is sent, on the review screen as on the statement.
 */
const HIDING_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
/** Invisible spaces a paste brings along (zero-width space, word joiner, byte-order mark): dropped, as the trim drops spaces. */
const INVISIBLE_SPACES = /[\u200B\u2060\uFEFF]/g;

/**
 * Free text as it will be read back: invisible spaces dropped, trimmed, at most `max` characters,
 * and nothing that hides or reorders what is sent. The joiners some scripts need (U+200C, U+200D)
 * and the plain direction marks (U+200E, U+200F) stay.
 */
export const plainText = (max: number, { required = true }: { required?: boolean } = {}) =>
  z.string().check(
    z.overwrite((value) => value.replace(INVISIBLE_SPACES, "")),
    z.trim(),
    ...(required ? [z.minLength(1, { message: "Required", abort: true })] : []),
    z.maxLength(max, { message: `At most ${max} characters`, abort: true }),
    z.refine((value) => !HIDING_CHARACTERS.test(value), "Remove the line breaks and the control or text-direction characters"),
  );
/** Free text with a tighter limit where the API has one (a tax id, a PIX key). */
export const textUpTo = (max: number) => plainText(max);
export const nonEmptyText = textUpTo(TEXT_MAX_LENGTH);
/** A tax id (Brazil's CPF or CNPJ, as typed): 32 characters at most, the limit the simulator checks (simulator/markets/brazil.ts). */
export const taxIdSchema = textUpTo(32);

/**
 * A person's or company's name as it reaches a bank or a wallet: letters of any script, spaces
 * and . , ' - & ( ) / only, 1 to 200 characters. No < > or other markup: a name may become part
 * of a permanent account name.
 */
export const personName = ({ label = "Name", max = TEXT_MAX_LENGTH }: { label?: string; max?: number } = {}) =>
  z.string().check(
    z.trim(),
    z.minLength(1, { message: `${label} is required`, abort: true }),
    z.maxLength(max, { message: `At most ${max} characters`, abort: true }),
    z.regex(/^\p{L}[\p{L}\p{M}0-9 .,'&()\/-]*$/u, {
      message: "Letters, digits, spaces and . , ' - & ( ) / only, starting with a letter",
      abort: true,
    }),
    // Accents stack two or three deep in real scripts (Vietnamese, Thai); more is decoration piled on one letter.
    z.refine((value) => !/\p{M}{4}/u.test(value), "Too many accents on one letter"),
  );
export const personNameSchema = personName();

/** The longest phone number the API takes as typed (simulator/markets: a customer's phone, 32 characters). */
const PHONE_MAX_LENGTH = 32;

/** A phone number in international form: an optional +, then 8 to 15 digits (E.164's length). Spaces and dashes as typed are fine. */
export const phoneSchema = z.string().check(
  z.trim(),
  z.minLength(1, { message: "Required", abort: true }),
  z.maxLength(PHONE_MAX_LENGTH, { message: `At most ${PHONE_MAX_LENGTH} characters`, abort: true }),
  z.refine((value) => /^\+?\d{8,15}$/.test(value.replace(/[\s-]/g, "")), "A phone number is 8 to 15 digits, optionally starting with +"),
);

/**
 * A mobile wallet's number (Bangladesh payouts): sent as the API takes it, 10 to 14 digits and
 * nothing else (simulator/markets/bangladesh.ts checks it), so the spaces, dashes and leading +
 * of a number as written are dropped here rather than refused upstream after the write was
 * reserved.
 */
export const walletNumberSchema = z.string().check(
  z.trim(),
  z.minLength(1, { message: "Required", abort: true }),
  z.maxLength(PHONE_MAX_LENGTH, { message: `At most ${PHONE_MAX_LENGTH} characters`, abort: true }),
  z.overwrite((value) => value.replace(/[\s-]/g, "").replace(/^\+/, "")),
  z.regex(/^\d{10,14}$/, "A wallet number is 10 to 14 digits, such as 01711111111"),
);

/**
 * IBAN: 2 letters, 2 check digits, up to 30 letters or digits (ISO 13616); the mod-97 check is the
 * bank's. Typed as printed (spaces, lower case) and sent in the electronic form the API takes: no
 * spaces, upper case. Checked as it was, it used to go out as typed and come back refused.
 */
export const ibanSchema = z.string().check(
  z.trim(),
  z.minLength(1, { message: "Required", abort: true }),
  z.maxLength(64, { message: "An IBAN is 15 to 34 letters and digits, starting with a country code such as DE89…", abort: true }),
  z.overwrite((value) => value.replace(/\s/g, "").toUpperCase()),
  z.regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, "An IBAN is 15 to 34 letters and digits, starting with a country code such as DE89…"),
);

/** BIC: 8 or 11 letters and digits (ISO 9362), sent in upper case as the API takes it. */
export const bicSchema = z
  .string()
  .check(
    z.trim(),
    z.toUpperCase(),
    z.regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "A BIC is 8 or 11 letters and digits, such as DEUTDEFF"),
  );

export const emailSchema = z.string().check(
  z.trim(),
  // 200, not the 254 an address may have: the API's limit on every text field (simulator/validate.ts).
  z.maxLength(TEXT_MAX_LENGTH, { message: `An email address has at most ${TEXT_MAX_LENGTH} characters here`, abort: true }),
  z.email("Must be an email address"),
);

/**
 * The merchant's own id for a write (merchantReference, Bangladesh's goodsInfo.id); the spec says
 * only "string" (§2.4, §2.5), so the rule is ours (docs/decisions/0034): 1 to 64 of A-Z a-z 0-9 . _ : -
 * starting with a letter or digit, as it is keyed on, read, pasted into spreadsheets and typed back.
 */
const MERCHANT_REFERENCE_MAX_LENGTH = 64;
export const merchantReferenceSchema = z.string().check(
  z.trim(),
  // abort: a 2 MB value is refused on its length, before the pattern reads it.
  z.minLength(1, { message: "Reference is required", abort: true }),
  z.maxLength(MERCHANT_REFERENCE_MAX_LENGTH, { message: `At most ${MERCHANT_REFERENCE_MAX_LENGTH} characters`, abort: true }),
  z.regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, "Letters, digits and . _ : - only, starting with a letter or digit"),
);
