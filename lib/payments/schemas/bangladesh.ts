import "server-only";
import { z } from "zod";
import { decimalString, feesSchema, isoDatetime, paymentStatusSchema, railSchema } from "./common";

/** §2.2: every field is promised by the spec on create. */
export const bangladeshPayinSchema = z.looseObject({
  transactionId: z.string(),
  status: paymentStatusSchema,
  amount: decimalString,
  currency: z.string(),
  platformOrderId: z.string(),
  paymentInfo: z.looseObject({
    content: z.string(),
    type: z.string(),
    expiredTime: z.string(),
  }),
  expiresAt: isoDatetime,
  fees: feesSchema,
  netAmount: decimalString,
  totalWalletDebit: decimalString.nullable(),
});
export type BangladeshPayin = z.infer<typeof bangladeshPayinSchema>;

/**
 * GET /v1/payins/:id serves Bangladesh and Brazil pay-ins and its body is not
 * shown (§4.9), so only the id and status are required; paymentInfo differs by
 * rail (hosted link vs PIX data).
 */
export const payinStatusSchema = z.looseObject({
  transactionId: z.string(),
  status: paymentStatusSchema,
  amount: decimalString.optional(),
  currency: z.string().optional(),
  rail: railSchema.optional(),
  platformOrderId: z.string().optional(),
  paymentInfo: z.looseObject({}).optional(),
  fees: feesSchema.optional(),
  netAmount: decimalString.optional(),
  expiresAt: isoDatetime.optional(),
  createdAt: isoDatetime.optional(),
  completedAt: isoDatetime.nullable().optional(),
});
export type PayinStatus = z.infer<typeof payinStatusSchema>;

/** Bangladesh and Brazil payout record (create and GET /v1/payouts/:id); not shown by the spec. */
export const payoutSchema = z.looseObject({
  transactionId: z.string(),
  status: paymentStatusSchema,
  amount: decimalString.optional(),
  currency: z.string().optional(),
  rail: railSchema.optional(),
  merchantReference: z.string().optional(),
  beneficiary: z.looseObject({}).optional(),
  fee: decimalString.optional(),
  totalWalletDebit: decimalString.nullable().optional(),
  createdAt: isoDatetime.optional(),
  completedAt: isoDatetime.nullable().optional(),
});
export type Payout = z.infer<typeof payoutSchema>;
