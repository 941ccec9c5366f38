// Browser-safe (no "server-only"): see common.ts.
import * as z from "zod/mini";
import { FIAT_DECIMALS, amountString, emailSchema, merchantReferenceSchema, nonEmptyText } from "./common";

/** §8: PIX pay-ins only; Brazil payouts have no bounds in the spec. */
export const PIX_PAYIN_LIMITS = { min: "10.00", max: "15000.00", currency: "BRL" } as const;

/** Bodies not shown by the spec (§4.9); shapes agreed in simulator/README.md, bounds from §8. */
export const brazilPayinRequestSchema = z.object({
  amount: amountString({ maxDecimals: FIAT_DECIMALS, ...PIX_PAYIN_LIMITS }),
  paymentMethodCode: z.literal("PIX"),
  customer: z.object({ name: nonEmptyText, email: emailSchema, taxId: z.optional(nonEmptyText) }),
});
export type BrazilPayinRequest = z.infer<typeof brazilPayinRequestSchema>;

export const pixKeyTypeSchema = z.enum(["CPF", "CNPJ", "EMAIL", "PHONE", "EVP"]);

export const brazilPayoutRequestSchema = z.object({
  amount: amountString({ maxDecimals: FIAT_DECIMALS, currency: "BRL" }),
  merchantReference: merchantReferenceSchema,
  pixKey: nonEmptyText,
  pixKeyType: pixKeyTypeSchema,
  beneficiary: z.object({ name: nonEmptyText, taxId: z.optional(nonEmptyText) }),
});
export type BrazilPayoutRequest = z.infer<typeof brazilPayoutRequestSchema>;
