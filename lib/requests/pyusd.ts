// Browser-safe (no "server-only"): see common.ts.
import * as z from "zod/mini";
import { STABLECOIN_DECIMALS, amountString, merchantReferenceSchema } from "./common";

/** §2.5; the 5 to 1440 minute bounds are not in the spec and follow simulator/README.md. No amount bounds: §8 gives none. */
export const pyusdIntentRequestSchema = z.object({
  amount: amountString({ maxDecimals: STABLECOIN_DECIMALS, currency: "PYUSD" }),
  merchantReference: merchantReferenceSchema,
  // The form sends digits as a number and anything else as typed: that is "not whole minutes", not zod's "Invalid input".
  expiresInMinutes: z
    .number({ error: "Whole minutes, 5 to 1440" })
    .check(z.int("Whole minutes only"), z.minimum(5, "At least 5 minutes"), z.maximum(1440, "At most 1440 minutes (24 hours)")),
});
export type PyusdIntentRequest = z.infer<typeof pyusdIntentRequestSchema>;
