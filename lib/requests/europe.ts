// Browser-safe (no "server-only"): see common.ts.
import * as z from "zod/mini";
import { FIAT_DECIMALS, amountString, emailSchema, httpsUrlSchema, merchantReferenceSchema, nonEmptyText } from "./common";

/** Bodies not shown by the spec (§2.6, §4.9); shapes agreed in simulator/README.md. No bounds: §8 gives none. */
export const europePayinRequestSchema = z.object({
  amount: amountString({ maxDecimals: FIAT_DECIMALS }),
  currency: z.enum(["EUR", "GBP"]),
  customer: z.object({ name: nonEmptyText, email: emailSchema }),
  returnUrl: z.optional(httpsUrlSchema),
});
export type EuropePayinRequest = z.infer<typeof europePayinRequestSchema>;

export const europePayoutRequestSchema = z.object({
  amount: amountString({ maxDecimals: FIAT_DECIMALS, currency: "EUR" }),
  merchantReference: merchantReferenceSchema,
  beneficiary: z.object({ name: nonEmptyText, iban: nonEmptyText, bic: z.optional(nonEmptyText) }),
  description: z.optional(z.string()),
});
export type EuropePayoutRequest = z.infer<typeof europePayoutRequestSchema>;
