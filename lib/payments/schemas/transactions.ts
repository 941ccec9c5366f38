import "server-only";
import { z } from "zod";
import { transactionTypeSchema } from "@/lib/requests/core";
import { decimalString, isoDatetime, paymentStatusSchema, railSchema } from "./common";

/** §2.3 transaction item. */
export const transactionSchema = z.looseObject({
  id: z.string(),
  type: transactionTypeSchema,
  status: paymentStatusSchema,
  amount: decimalString,
  currency: z.string(),
  rail: railSchema,
  railLabel: z.string(),
  paidAmount: decimalString.nullable(),
  platformOrderId: z.string(),
  createdAt: isoDatetime,
  completedAt: isoDatetime.nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** §2.3 list envelope. */
export const transactionListSchema = z.looseObject({
  items: z.array(transactionSchema),
  total: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
});
export type TransactionList = z.infer<typeof transactionListSchema>;
