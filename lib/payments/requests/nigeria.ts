// Browser-safe (no "server-only"): see common.ts.
import * as z from "zod/mini";
import { FIAT_DECIMALS, amountString, emailSchema, nonEmptyText } from "./common";

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

function isRealPastDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) && parsed.getTime() < Date.now();
}

/** §2.4 names the fields; formats (BVN 11 digits, past birth date) follow simulator/README.md. */
export const nigeriaVirtualAccountRequestSchema = z.object({
  bvn: z.string().check(z.regex(/^\d{11}$/, "BVN is 11 digits")),
  firstName: nonEmptyText,
  lastName: nonEmptyText,
  phoneNumber: nonEmptyText,
  dateOfBirth: z.string().check(
    z.regex(isoDatePattern, "Date of birth is YYYY-MM-DD"),
    z.refine(isRealPastDate, "Date of birth must be a real date in the past"),
  ),
  customerEmail: emailSchema,
});
export type NigeriaVirtualAccountRequest = z.infer<typeof nigeriaVirtualAccountRequestSchema>;

export const nubanSchema = z.string().check(z.regex(/^\d{10}$/, "Account number (NUBAN) is 10 digits"));

export const nigeriaBanksQuerySchema = z.object({ search: z.optional(z.string().check(z.trim(), z.minLength(1))) });
export type NigeriaBanksQuery = z.infer<typeof nigeriaBanksQuerySchema>;

/** Name enquiry, §2.4. */
export const nigeriaVerifyAccountRequestSchema = z.object({
  accountNumber: nubanSchema,
  bankCode: nonEmptyText,
});
export type NigeriaVerifyAccountRequest = z.infer<typeof nigeriaVerifyAccountRequestSchema>;

/** §2.4, NGN 500 to 5,000,000. */
export const nigeriaPayoutRequestSchema = z.object({
  amount: amountString({ maxDecimals: FIAT_DECIMALS, min: "500", max: "5000000", currency: "NGN" }),
  merchantReference: nonEmptyText,
  description: z.optional(z.string()),
  beneficiary: z.object({
    accountNumber: nubanSchema,
    bankCode: nonEmptyText,
    accountName: nonEmptyText,
    bankName: nonEmptyText,
  }),
});
export type NigeriaPayoutRequest = z.infer<typeof nigeriaPayoutRequestSchema>;
