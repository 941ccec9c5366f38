// Browser-safe (no "server-only"): see common.ts.
import * as z from "zod/mini";
import { httpsUrlSchema } from "./common";

export const transactionTypeSchema = z.enum(["payin", "payout"]);

/** §4.1: only type, limit and offset are accepted; rail and status are filtered by the caller. */
export const listTransactionsQuerySchema = z.object({
  type: z.optional(transactionTypeSchema),
  limit: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(100))),
  offset: z.optional(z.number().check(z.int(), z.minimum(0))),
});
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuerySchema>;

/** null unregisters the URL (simulator/README.md; the spec only shows registering). */
export const updateWebhookRequestSchema = z.object({ url: z.nullable(httpsUrlSchema) });
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequestSchema>;
