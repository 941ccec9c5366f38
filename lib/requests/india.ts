// Browser-safe (no "server-only"): see common.ts.
import * as z from "zod/mini";
import { FIAT_DECIMALS } from "@/lib/money";
import { STABLECOIN_DECIMALS, amountString, decimalsOf, emailSchema, nonEmptyText, personNameSchema, phoneSchema } from "./common";

/** Whether amount is quoted in INR (customer pays it) or USDT (merchant receives it); §1 India. */
export const indiaCurrencySymbolSchema = z.enum(["INR", "USDT"]);

const decimalsAllowed = { INR: FIAT_DECIMALS, USDT: STABLECOIN_DECIMALS } as const;

/** What a partial set of customer details says on each missing one (zod's own words were "Invalid input"). */
export const INDIA_CUSTOMER_ALL_OR_NONE = "Give all three customer details (name, email and phone), or none";
const CUSTOMER_FIELDS = ["name", "email", "phone"] as const;

/**
 * The customer is optional, but all three details or none (simulator/README.md). Each field is read
 * optional first, so a partial set is one clear message on each missing field; the pipe then gives
 * the type the API takes, all three present.
 */
const indiaCustomerSchema = z.pipe(
  z.object({ name: z.optional(personNameSchema), email: z.optional(emailSchema), phone: z.optional(phoneSchema) }).check(
    z.superRefine((customer, ctx) => {
      for (const field of CUSTOMER_FIELDS) {
        if (customer[field] === undefined)
          ctx.addIssue({ code: "custom", path: [field], message: INDIA_CUSTOMER_ALL_OR_NONE, input: customer });
      }
    }),
  ),
  z.object({ name: z.string(), email: z.string(), phone: z.string() }),
);

/** Only amount and currencySymbol are in the spec (§2.6); customer follows simulator/README.md. No bounds: §8 gives none. */
export const indiaPayinRequestSchema = z
  .object({
    // The decimals depend on currencySymbol: checked below, once, in the currency's own terms
    // (INR 2, USDT 6); the field's own check only bounds pathological input.
    amount: amountString({ maxDecimals: 18 }),
    currencySymbol: indiaCurrencySymbolSchema,
    customer: z.optional(indiaCustomerSchema),
  })
  .check(
    z.superRefine((request, ctx) => {
      const allowed = decimalsAllowed[request.currencySymbol];
      if (decimalsOf(request.amount) > allowed) {
        ctx.addIssue({ code: "custom", path: ["amount"], message: `Amount allows at most ${allowed} decimals`, input: request.amount });
      }
    }),
  );
export type IndiaPayinRequest = z.infer<typeof indiaPayinRequestSchema>;

/**
 * The bank UTR, a 12-digit reference: the spaces and dashes it is read out or copied with are
 * dropped, as an account number's are. The one rule for the UTR form and the wire.
 */
export const utrSchema = z.string().check(
  z.trim(),
  z.overwrite((value) => value.replace(/[\s-]/g, "")),
  z.regex(/^\d{12}$/, "The UTR is the 12-digit bank reference"),
);

export const indiaConfirmPaymentRequestSchema = z.object({ transactionId: nonEmptyText, utr: utrSchema });
export type IndiaConfirmPaymentRequest = z.infer<typeof indiaConfirmPaymentRequestSchema>;
