// Browser-safe (no "server-only"): see common.ts.
import { z } from "zod";
import { httpsUrlSchema } from "./common";

export const transactionTypeSchema = z.enum(["payin", "payout"]);

/** §4.1: only type, limit and offset are accepted; rail and status are filtered by the caller. */
export const listTransactionsQuerySchema = z.object({
  type: transactionTypeSchema.optional(),
  limit: z.number().int().min(1).max(100).optional(),
  offset: z.number().int().min(0).optional(),
});
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuerySchema>;

/** null unregisters the URL (simulator/README.md; the spec only shows registering). */
export const updateWebhookRequestSchema = z.object({ url: httpsUrlSchema.nullable() });
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequestSchema>;
