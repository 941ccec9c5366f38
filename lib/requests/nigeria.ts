// Browser-safe (no "server-only"): see common.ts.
// The Nigeria wire schemas, once: the client validates with them before
// signing, the BFF routes and the browser forms with the very same rules.
// The browser's own submissions (the write's reference, the name-enquiry token)
// extend them in lib/requests/ngn-submissions.ts. Formats the spec leaves open follow
// simulator/README.md, "Nigeria".
import * as z from "zod/mini";
import { FIAT_DECIMALS } from "@/lib/money";
import { amountString, emailSchema, merchantReferenceSchema, personName, plainText } from "./common";
import { NGN_BANK_SEARCH_MAX, NGN_PAYIN_LIMITS, NGN_PAYOUT_LIMITS } from "./limits";

export { NGN_PAYIN_LIMITS, NGN_PAYOUT_LIMITS };

const required = (label: string) => z.string().check(z.trim(), z.minLength(1, `${label} is required`));

function isRealPastDate(value: string, now: number): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) && parsed.getTime() < now;
}

/** §2.4 provision request: six fields. BVN and date of birth are personal data: never stored or logged. */
export const nigeriaVirtualAccountRequestSchema = z.object({
  bvn: z.string().check(z.trim(), z.regex(/^\d{11}$/, "BVN is 11 digits")),
  // Part of the account's permanent name: letters and a few marks, never markup.
  firstName: personName({ label: "First name", max: 100 }),
  lastName: personName({ label: "Last name", max: 100 }),
  // Spaces and dashes as a number is written (0801 234 5678) are dropped, as on every other phone field.
  phoneNumber: z.string().check(
    z.trim(),
    z.maxLength(32, { message: "At most 32 characters", abort: true }),
    z.overwrite((value) => value.replace(/[\s-]/g, "")),
    z.regex(/^\+?\d{10,15}$/, "Phone number is 10 to 15 digits, optionally starting with +"),
  ),
  dateOfBirth: z.string().check(
    z.trim(),
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Date of birth is YYYY-MM-DD", abort: true }),
    z.refine((value) => isRealPastDate(value, Date.now()), { message: "Date of birth must be a real date in the past", abort: true }),
    // A year like 0517 is a slip (a date picker fed digits in another order), never a customer.
    z.refine((value) => value >= "1900-01-01", "Date of birth must be after 1900-01-01"),
  ),
  customerEmail: emailSchema,
});
export type NigeriaVirtualAccountRequest = z.infer<typeof nigeriaVirtualAccountRequestSchema>;

/** GET /v1/ngn/banks: the optional search (§4.6). */
export const nigeriaBanksQuerySchema = z.object({ search: z.optional(z.string().check(z.trim(), z.maxLength(NGN_BANK_SEARCH_MAX))) });
export type NigeriaBanksQuery = z.infer<typeof nigeriaBanksQuerySchema>;

export const nubanSchema = z.string().check(
  z.trim(),
  z.regex(/^\d+$/, { message: "Account number (NUBAN) is digits only", abort: true }),
  z.refine((value) => value.length === 10, { message: "Account number (NUBAN) is exactly 10 digits; check that none is missing or extra" }),
);
const bankCodeSchema = z.string().check(z.trim(), z.regex(/^\d{3,10}$/, "Choose a bank from the list"));

/** Name enquiry (§2.4). */
export const nigeriaVerifyAccountRequestSchema = z.object({ bankCode: bankCodeSchema, accountNumber: nubanSchema });
export type NigeriaVerifyAccountRequest = z.infer<typeof nigeriaVerifyAccountRequestSchema>;

export const nigeriaPayoutAmountSchema = amountString({ maxDecimals: FIAT_DECIMALS, ...NGN_PAYOUT_LIMITS });

export const nigeriaPayoutDescriptionSchema = z.optional(plainText(140, { required: false }));

/** §2.4 payout create body, NGN 500 to 5,000,000, exactly as the BFF forwards it. */
export const nigeriaPayoutRequestSchema = z.object({
  amount: nigeriaPayoutAmountSchema,
  merchantReference: merchantReferenceSchema,
  description: nigeriaPayoutDescriptionSchema,
  beneficiary: z.object({
    accountNumber: nubanSchema,
    bankCode: bankCodeSchema,
    accountName: required("Account name"),
    bankName: required("Bank name"),
  }),
});
export type NigeriaPayoutRequest = z.infer<typeof nigeriaPayoutRequestSchema>;
