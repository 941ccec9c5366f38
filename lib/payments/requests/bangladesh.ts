// Browser-safe (no "server-only"): see common.ts.
import { z } from "zod";
import { FIAT_DECIMALS, amountString, emailSchema, httpsUrlSchema, nonEmptyText } from "./common";

export const bangladeshPaymentMethodSchema = z.enum(["BKASH", "NAGAD", "UPAY"]);

/** §2.1, bounds from §8. */
export const bangladeshPayinRequestSchema = z.object({
  amount: amountString({ maxDecimals: FIAT_DECIMALS, min: "200", max: "25000", currency: "BDT" }),
  paymentMethodCode: bangladeshPaymentMethodSchema,
  returnUrl: httpsUrlSchema,
  customer: z.object({
    name: nonEmptyText,
    email: emailSchema,
    phone: nonEmptyText,
    deviceId: nonEmptyText,
  }),
  goodsInfo: z.object({
    name: nonEmptyText,
    id: nonEmptyText.optional(),
    price: amountString({ maxDecimals: FIAT_DECIMALS }).optional(),
  }),
});
export type BangladeshPayinRequest = z.infer<typeof bangladeshPayinRequestSchema>;

/** Body not shown by the spec (§4.9); shape agreed in simulator/README.md. */
export const bangladeshPayoutRequestSchema = z.object({
  amount: amountString({ maxDecimals: FIAT_DECIMALS }),
  paymentMethodCode: bangladeshPaymentMethodSchema,
  merchantReference: nonEmptyText,
  beneficiary: z.object({ name: nonEmptyText, walletNumber: nonEmptyText }),
});
export type BangladeshPayoutRequest = z.infer<typeof bangladeshPayoutRequestSchema>;
