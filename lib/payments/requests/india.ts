// Browser-safe (no "server-only"): see common.ts.
import { z } from "zod";
import { FIAT_DECIMALS, STABLECOIN_DECIMALS, amountString, emailSchema, nonEmptyText } from "./common";

/** Whether amount is quoted in INR (customer pays it) or USDT (merchant receives it); §1 India. */
export const indiaCurrencySymbolSchema = z.enum(["INR", "USDT"]);

const decimalsAllowed = { INR: FIAT_DECIMALS, USDT: STABLECOIN_DECIMALS } as const;

/** Only amount and currencySymbol are in the spec (§2.6); customer follows simulator/README.md. */
export const indiaPayinRequestSchema = z
  .object({
    amount: amountString({ maxDecimals: STABLECOIN_DECIMALS }),
    currencySymbol: indiaCurrencySymbolSchema,
    customer: z.object({ name: nonEmptyText, email: emailSchema, phone: nonEmptyText }).optional(),
  })
  .superRefine((request, ctx) => {
    const allowed = decimalsAllowed[request.currencySymbol];
    const decimals = request.amount.split(".")[1]?.length ?? 0;
    if (decimals > allowed) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: `Amount allows at most ${allowed} decimals` });
    }
  });
export type IndiaPayinRequest = z.infer<typeof indiaPayinRequestSchema>;

/** The bank UTR is a 12-digit reference. */
export const indiaConfirmPaymentRequestSchema = z.object({
  transactionId: nonEmptyText,
  utr: z.string().regex(/^\d{12}$/, "UTR is 12 digits"),
});
export type IndiaConfirmPaymentRequest = z.infer<typeof indiaConfirmPaymentRequestSchema>;
