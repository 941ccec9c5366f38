// Browser-safe (no "server-only"): see common.ts.
import * as z from "zod/mini";
import { FIAT_DECIMALS, amountString, emailSchema, merchantReferenceSchema, personNameSchema, taxIdSchema, textUpTo } from "./common";
import { PIX_PAYIN_LIMITS } from "./limits";

export { PIX_PAYIN_LIMITS };

/** Bodies not shown by the spec (§4.9); shapes agreed in simulator/README.md, bounds from §8. */
export const brazilPayinRequestSchema = z.object({
  amount: amountString({ maxDecimals: FIAT_DECIMALS, ...PIX_PAYIN_LIMITS }),
  paymentMethodCode: z.literal("PIX"),
  customer: z.object({ name: personNameSchema, email: emailSchema, taxId: z.optional(taxIdSchema) }),
});
export type BrazilPayinRequest = z.infer<typeof brazilPayinRequestSchema>;

export const pixKeyTypeSchema = z.enum(["CPF", "CNPJ", "EMAIL", "PHONE", "EVP"]);

/** What each PIX key type looks like (the Central Bank's DICT formats); the check is ours, the spec shows none. */
const PIX_KEY_FORMATS: Record<z.infer<typeof pixKeyTypeSchema>, { valid: (key: string) => boolean; message: string }> = {
  CPF: { valid: (key) => /^\d{11}$/.test(key.replace(/[.\-\s]/g, "")), message: "A CPF key is 11 digits" },
  CNPJ: { valid: (key) => /^\d{14}$/.test(key.replace(/[.\-/\s]/g, "")), message: "A CNPJ key is 14 digits" },
  EMAIL: { valid: (key) => emailSchema.safeParse(key).success, message: "An e-mail key is an email address" },
  PHONE: { valid: (key) => /^\+55\d{10,11}$/.test(key.replace(/[\s-]/g, "")), message: "A phone key is +55 and 10 or 11 digits" },
  EVP: {
    valid: (key) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key),
    message: "A random key is 32 hex digits in 5 groups (a UUID)",
  },
};

export const brazilPayoutRequestSchema = z
  .object({
    amount: amountString({ maxDecimals: FIAT_DECIMALS, currency: "BRL" }),
    merchantReference: merchantReferenceSchema,
    /** 140: the limit the simulator checks on a PIX key (simulator/markets/brazil.ts); the longest real ones are e-mail keys. */
    pixKey: textUpTo(140),
    pixKeyType: pixKeyTypeSchema,
    beneficiary: z.object({ name: personNameSchema, taxId: z.optional(taxIdSchema) }),
  })
  .check(
    z.superRefine((request, ctx) => {
      const format = PIX_KEY_FORMATS[request.pixKeyType];
      if (!format.valid(request.pixKey)) ctx.addIssue({ code: "custom", path: ["pixKey"], message: format.message, input: request.pixKey });
    }),
  );
export type BrazilPayoutRequest = z.infer<typeof brazilPayoutRequestSchema>;
