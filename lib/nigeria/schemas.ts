// The Nigeria request rules, written once in zod/mini so that the browser forms
// and the BFF routes validate with the very same schema (and the same messages).
// Formats the spec leaves open follow simulator/README.md, "Nigeria".
import * as z from "zod/mini";
import { amountSchema } from "./amount";
import { NGN_DECIMALS, NGN_PAYOUT_LIMITS } from "./limits";

const required = (label: string) => z.string().check(z.trim(), z.minLength(1, `${label} is required`));

function isRealPastDate(value: string, now: number): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) && parsed.getTime() < now;
}

/** §2.4 provision request: six fields. BVN and date of birth are personal data: never stored or logged. */
export const virtualAccountFormSchema = z.object({
  bvn: z.string().check(z.trim(), z.regex(/^\d{11}$/, "BVN is 11 digits")),
  firstName: required("First name").check(z.maxLength(100, "At most 100 characters")),
  lastName: required("Last name").check(z.maxLength(100, "At most 100 characters")),
  phoneNumber: z.string().check(z.trim(), z.regex(/^\+?\d{10,15}$/, "Phone number is 10 to 15 digits, optionally starting with +")),
  dateOfBirth: z.string().check(
    z.trim(),
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Date of birth is YYYY-MM-DD", abort: true }),
    z.refine((value) => isRealPastDate(value, Date.now()), "Date of birth must be a real date in the past"),
  ),
  customerEmail: z.email("Enter an email address"),
});
export type VirtualAccountForm = z.infer<typeof virtualAccountFormSchema>;
export const VIRTUAL_ACCOUNT_FIELDS = ["bvn", "firstName", "lastName", "phoneNumber", "dateOfBirth", "customerEmail"] as const;

/** The BFF body: the form plus the attempt's idempotency key (random, not personal, kept across retries). */
export const provisionSubmissionSchema = z.extend(virtualAccountFormSchema, {
  attemptKey: z.string().check(z.regex(/^[A-Za-z0-9-]{16,64}$/, "Invalid attempt key")),
});
export type ProvisionSubmission = z.infer<typeof provisionSubmissionSchema>;

export const bankSearchSchema = z.object({ search: z.optional(z.string().check(z.trim(), z.maxLength(60))) });

export const nubanSchema = z.string().check(z.trim(), z.regex(/^\d{10}$/, "Account number (NUBAN) is 10 digits"));
export const bankCodeSchema = z.string().check(z.trim(), z.regex(/^\d{3,10}$/, "Choose a bank from the list"));

/** Name enquiry (§2.4). */
export const verifyAccountSchema = z.object({ bankCode: bankCodeSchema, accountNumber: nubanSchema });
export type VerifyAccountInput = z.infer<typeof verifyAccountSchema>;

export const payoutAmountSchema = amountSchema({ ...NGN_PAYOUT_LIMITS, decimals: NGN_DECIMALS, currency: "NGN" });

export const merchantReferenceSchema = z.string().check(
  z.trim(),
  z.minLength(1, "Reference is required"),
  z.maxLength(100, "At most 100 characters"),
  // The Idempotency-Key derives from it; printable ASCII keeps it unambiguous.
  z.regex(/^[\x21-\x7e]+$/, "Letters, digits and symbols only, no spaces"),
);

export const descriptionSchema = z.optional(z.string().check(z.trim(), z.maxLength(140, "At most 140 characters")));

/** §2.4 payout create body, exactly as the BFF forwards it. */
export const payoutRequestSchema = z.object({
  amount: payoutAmountSchema,
  merchantReference: merchantReferenceSchema,
  description: descriptionSchema,
  beneficiary: z.object({
    accountNumber: nubanSchema,
    bankCode: bankCodeSchema,
    accountName: required("Account name"),
    bankName: required("Bank name"),
  }),
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

/** What the browser posts: the body plus the token the BFF's own name enquiry issued. */
export const payoutSubmissionSchema = z.extend(payoutRequestSchema, {
  beneficiaryToken: z.string().check(z.minLength(1, "Confirm the account name first"), z.maxLength(4096)),
});
export type PayoutSubmission = z.infer<typeof payoutSubmissionSchema>;

export const referenceLookupSchema = z.object({ reference: merchantReferenceSchema });

/** Field errors keyed by dotted path, the same shape the BFF returns in `error.fields`. */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) (fields[issue.path.map(String).join(".") || "_"] ??= []).push(issue.message);
  return fields;
}
