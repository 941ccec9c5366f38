// Browser-safe (no "server-only"): see common.ts.
import * as z from "zod/mini";
import { FIAT_DECIMALS } from "@/lib/money";
import {
  amountString,
  emailSchema,
  httpsUrlSchema,
  merchantReferenceSchema,
  nonEmptyText,
  personNameSchema,
  phoneSchema,
  walletNumberSchema,
} from "./common";
import { BANGLADESH_PAYIN_LIMITS } from "./limits";

export { BANGLADESH_PAYIN_LIMITS };

export const bangladeshPaymentMethodSchema = z.enum(["BKASH", "NAGAD", "UPAY"]);

/** §2.1, bounds from §8. */
export const bangladeshPayinRequestSchema = z.object({
  amount: amountString({ maxDecimals: FIAT_DECIMALS, ...BANGLADESH_PAYIN_LIMITS }),
  paymentMethodCode: bangladeshPaymentMethodSchema,
  returnUrl: httpsUrlSchema,
  customer: z.object({
    name: personNameSchema,
    email: emailSchema,
    phone: phoneSchema,
    deviceId: nonEmptyText,
  }),
  goodsInfo: z.object({
    name: nonEmptyText,
    /** "Product or order id" (§2.1): the merchant's own id, so the merchant reference rule. */
    id: z.optional(merchantReferenceSchema),
    price: z.optional(amountString({ maxDecimals: FIAT_DECIMALS })),
  }),
});
export type BangladeshPayinRequest = z.infer<typeof bangladeshPayinRequestSchema>;

/** Body not shown by the spec (§4.9); shape agreed in simulator/README.md. */
export const bangladeshPayoutRequestSchema = z.object({
  amount: amountString({ maxDecimals: FIAT_DECIMALS, currency: "BDT" }),
  paymentMethodCode: bangladeshPaymentMethodSchema,
  merchantReference: merchantReferenceSchema,
  beneficiary: z.object({ name: personNameSchema, walletNumber: walletNumberSchema }),
});
export type BangladeshPayoutRequest = z.infer<typeof bangladeshPayoutRequestSchema>;
