import "server-only";
import { z } from "zod";
import { indiaCurrencySymbolSchema } from "@/lib/requests/india";
import { decimalString, feesSchema, isoDatetime, paymentStatusSchema } from "./common";

/** India response bodies are not shown (§2.6); field names follow simulator/README.md, all but id and status optional. */
export const indiaPayinSchema = z.looseObject({
  transactionId: z.string(),
  status: paymentStatusSchema,
  amount: decimalString.optional(),
  currencySymbol: z.optional(indiaCurrencySymbolSchema),
  inrAmount: decimalString.optional(),
  usdtAmount: decimalString.optional(),
  rate: decimalString.optional(),
  upi: z
    .looseObject({
      vpa: z.string().optional(),
      payeeName: z.string().optional(),
      intentUrl: z.string().optional(),
    })
    .optional(),
  /** Upstream trade event; 4 or 6 credit USDT (§1 India). */
  tradeEvent: z.number().int().optional(),
  utr: z.string().nullable().optional(),
  platformOrderId: z.string().optional(),
  fees: feesSchema.optional(),
  netAmount: decimalString.optional(),
  expiresAt: isoDatetime.optional(),
  createdAt: isoDatetime.optional(),
  completedAt: isoDatetime.nullable().optional(),
});
export type IndiaPayin = z.infer<typeof indiaPayinSchema>;

/** An indicative quote helper (§1 India); only the rate itself is required. */
export const conversionRatesSchema = z.looseObject({
  rate: decimalString,
  base: z.string().optional(),
  quote: z.string().optional(),
  asOf: isoDatetime.optional(),
});
