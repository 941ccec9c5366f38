import "server-only";
import { z } from "zod";
import { decimalString, isoDatetime, paymentStatusSchema } from "./common";

/** Europe pay-in status (GET); not shown by the spec beyond §2.6, so mostly optional. */
export const europePayinSchema = z.looseObject({
  transactionId: z.string(),
  status: paymentStatusSchema,
  amount: decimalString.optional(),
  currency: z.string().optional(),
  checkoutUrl: z.string().optional(),
  /** Indicative USDC quote, display only (§1 Europe). */
  cryptoAmount: decimalString.optional(),
  rate: decimalString.optional(),
  cryptoCurrency: z.string().optional(),
  /** USDC is credited when eventId reaches 5 (§3). */
  eventDetails: z.looseObject({ eventId: z.number().int(), description: z.string().optional() }).optional(),
  platformOrderId: z.string().optional(),
  expiresAt: isoDatetime.optional(),
  createdAt: isoDatetime.optional(),
  completedAt: isoDatetime.nullable().optional(),
});
export type EuropePayin = z.infer<typeof europePayinSchema>;

/** The create response always carries checkoutUrl, the customer's redirect target (§2.6). */
export const europePayinCreatedSchema = europePayinSchema.extend({ checkoutUrl: z.string() });
export type EuropePayinCreated = z.infer<typeof europePayinCreatedSchema>;

export const europePayoutSchema = z.looseObject({
  transactionId: z.string(),
  status: paymentStatusSchema,
  amount: decimalString.optional(),
  currency: z.string().optional(),
  debitAmount: decimalString.optional(),
  debitCurrency: z.string().optional(),
  rate: decimalString.optional(),
  requiresApproval: z.boolean().optional(),
  // The simulator's values: awaiting_approval, approved, not_required; the spec lists none, so a string.
  approvalStatus: z.string().optional(),
  merchantReference: z.string().optional(),
  beneficiary: z.looseObject({}).optional(),
  createdAt: isoDatetime.optional(),
});
export type EuropePayout = z.infer<typeof europePayoutSchema>;
