// Browser-safe (no "server-only"): see common.ts.
import { z } from "zod";
import { FIAT_DECIMALS, amountString, emailSchema, nonEmptyText } from "./common";

/** Bodies not shown by the spec (§4.9); shapes agreed in simulator/README.md, bounds from §8. */
export const brazilPayinRequestSchema = z.object({
  amount: amountString({ maxDecimals: FIAT_DECIMALS, min: "10", max: "15000", currency: "BRL" }),
  paymentMethodCode: z.literal("PIX"),
  customer: z.object({ name: nonEmptyText, email: emailSchema, taxId: nonEmptyText.optional() }),
});
export type BrazilPayinRequest = z.infer<typeof brazilPayinRequestSchema>;

export const pixKeyTypeSchema = z.enum(["CPF", "CNPJ", "EMAIL", "PHONE", "EVP"]);

export const brazilPayoutRequestSchema = z.object({
  amount: amountString({ maxDecimals: FIAT_DECIMALS }),
  merchantReference: nonEmptyText,
  pixKey: nonEmptyText,
  pixKeyType: pixKeyTypeSchema,
  beneficiary: z.object({ name: nonEmptyText, taxId: nonEmptyText.optional() }),
});
export type BrazilPayoutRequest = z.infer<typeof brazilPayoutRequestSchema>;
