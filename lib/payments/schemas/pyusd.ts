import "server-only";
import { z } from "zod";
import { decimalString, isoDatetime, paymentStatusSchema } from "./common";

/** §2.5: settlementStatus is promised; the rest is not shown and follows simulator/README.md. */
export const pyusdIntentSchema = z.looseObject({
  transactionId: z.string(),
  // The simulator's values: awaiting_payment, confirming, settled, expired; the spec has only settled.
  settlementStatus: z.string(),
  status: paymentStatusSchema.optional(),
  merchantReference: z.string().optional(),
  amount: decimalString.optional(),
  currency: z.string().optional(),
  creditCurrency: z.string().optional(),
  network: z.string().optional(),
  depositAddress: z.string().optional(),
  expiresAt: isoDatetime.optional(),
  createdAt: isoDatetime.optional(),
  completedAt: isoDatetime.nullable().optional(),
});
export type PyusdIntent = z.infer<typeof pyusdIntentSchema>;
