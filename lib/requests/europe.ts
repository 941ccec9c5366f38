// Browser-safe (no "server-only"): see common.ts.
import * as z from "zod/mini";
import { FIAT_DECIMALS } from "@/lib/money";
import {
  amountString,
  bicSchema,
  emailSchema,
  httpsUrlSchema,
  ibanSchema,
  merchantReferenceSchema,
  personNameSchema,
  plainText,
} from "./common";

/** Bodies not shown by the spec (§2.6, §4.9); shapes agreed in simulator/README.md. No bounds: §8 gives none. */
export const europePayinRequestSchema = z.object({
  amount: amountString({ maxDecimals: FIAT_DECIMALS }),
  currency: z.enum(["EUR", "GBP"]),
  customer: z.object({ name: personNameSchema, email: emailSchema }),
  returnUrl: z.optional(httpsUrlSchema),
});
export type EuropePayinRequest = z.infer<typeof europePayinRequestSchema>;

const EUROPE_DESCRIPTION_MAX = 140;

export const europePayoutRequestSchema = z.object({
  amount: amountString({ maxDecimals: FIAT_DECIMALS, currency: "EUR" }),
  merchantReference: merchantReferenceSchema,
  beneficiary: z.object({ name: personNameSchema, iban: ibanSchema, bic: z.optional(bicSchema) }),
  /** 140: a SEPA transfer's remittance text, the limit the simulator checks (simulator/markets/europe.ts). */
  description: z.optional(
    plainText(EUROPE_DESCRIPTION_MAX, { required: false }).check(z.minLength(1, "Leave the description out, or write one")),
  ),
});
export type EuropePayoutRequest = z.infer<typeof europePayoutRequestSchema>;
