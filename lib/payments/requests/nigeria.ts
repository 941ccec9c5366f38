// Browser-safe (no "server-only"): see common.ts.
// The Nigeria request schemas live once, in lib/nigeria/schemas.ts, where the browser
// forms and the BFF routes use them; the client validates with the very same rules.
import type * as z from "zod/mini";
import {
  bankSearchSchema,
  nubanSchema,
  payoutRequestSchema,
  verifyAccountSchema,
  virtualAccountFormSchema,
} from "../../nigeria/schemas";

export { nubanSchema };
/** §2.4 names the fields; formats (BVN 11 digits, past birth date) follow simulator/README.md. */
export const nigeriaVirtualAccountRequestSchema = virtualAccountFormSchema;
export type NigeriaVirtualAccountRequest = z.infer<typeof nigeriaVirtualAccountRequestSchema>;
export const nigeriaBanksQuerySchema = bankSearchSchema;
export type NigeriaBanksQuery = z.infer<typeof nigeriaBanksQuerySchema>;
/** Name enquiry, §2.4. */
export const nigeriaVerifyAccountRequestSchema = verifyAccountSchema;
export type NigeriaVerifyAccountRequest = z.infer<typeof nigeriaVerifyAccountRequestSchema>;
/** §2.4, NGN 500 to 5,000,000. */
export const nigeriaPayoutRequestSchema = payoutRequestSchema;
export type NigeriaPayoutRequest = z.infer<typeof nigeriaPayoutRequestSchema>;
