// Browser-safe (no "server-only"): see common.ts.
import * as z from "zod/mini";
import { FIAT_DECIMALS } from "@/lib/money";
import { amountString, emailSchema, merchantReferenceSchema, personNameSchema, taxIdSchema, textUpTo } from "./common";
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

type PixKeyType = z.infer<typeof pixKeyTypeSchema>;

/**
 * What each PIX key type looks like (the Central Bank's DICT formats; the spec shows none), and the
 * key in the form the directory holds it: a CPF or CNPJ as digits, a phone as +55 and digits, an
 * e-mail or random key in lower case. Checked on that form and sent in it, as the IBAN is: a key
 * checked without its dots and sent with them was the provider's to refuse, after the write was
 * reserved.
 */
const PIX_KEY_FORMATS: Record<PixKeyType, { electronic: (key: string) => string; valid: (key: string) => boolean; message: string }> = {
  CPF: { electronic: (key) => key.replace(/[.\-\s]/g, ""), valid: (key) => /^\d{11}$/.test(key), message: "A CPF key is 11 digits" },
  CNPJ: { electronic: (key) => key.replace(/[.\-/\s]/g, ""), valid: (key) => /^\d{14}$/.test(key), message: "A CNPJ key is 14 digits" },
  EMAIL: {
    electronic: (key) => key.toLowerCase(),
    valid: (key) => emailSchema.safeParse(key).success,
    message: "An e-mail key is an email address",
  },
  PHONE: {
    electronic: (key) => key.replace(/[\s\-()]/g, ""),
    valid: (key) => /^\+55\d{10,11}$/.test(key),
    message: "A phone key is +55 and 10 or 11 digits",
  },
  EVP: {
    electronic: (key) => key.toLowerCase(),
    valid: (key) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key),
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
    z.overwrite((request) => ({ ...request, pixKey: PIX_KEY_FORMATS[request.pixKeyType].electronic(request.pixKey) })),
    z.superRefine((request, ctx) => {
      const format = PIX_KEY_FORMATS[request.pixKeyType];
      if (!format.valid(request.pixKey)) ctx.addIssue({ code: "custom", path: ["pixKey"], message: format.message, input: request.pixKey });
    }),
  );
export type BrazilPayoutRequest = z.infer<typeof brazilPayoutRequestSchema>;
