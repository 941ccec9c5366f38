import "server-only";
import { z } from "zod";
import { decimalString, isoDatetime, paymentStatusSchema } from "./common";

/** Values of settlementStatus the simulator documents; only "settled" is in the spec (§2.5), so the field stays a string. */
export const PYUSD_SETTLEMENT_STATUSES = ["awaiting_payment", "confirming", "settled", "expired"] as const;

/** §2.5: settlementStatus is promised; the rest is not shown and follows simulator/README.md. */
export const pyusdIntentSchema = z.looseObject({
  transactionId: z.string(),
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
