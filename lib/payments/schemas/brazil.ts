import "server-only";
import { z } from "zod";
import { payinStatusSchema } from "./bangladesh";

/** §2.7 promises only paymentInfo with code and url (the PIX copy-paste code and its QR link). */
export const brazilPayinSchema = payinStatusSchema.extend({
  paymentInfo: z.looseObject({ code: z.string(), url: z.string() }),
});
export type BrazilPayin = z.infer<typeof brazilPayinSchema>;

// Brazil payouts share the Bangladesh payout record (and GET /v1/payouts/:id).
