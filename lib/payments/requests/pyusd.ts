// Browser-safe (no "server-only"): see common.ts.
import { z } from "zod";
import { STABLECOIN_DECIMALS, amountString, nonEmptyText } from "./common";

/** §2.5; the 5 to 1440 minute bounds are not in the spec and follow simulator/README.md. */
export const pyusdIntentRequestSchema = z.object({
  amount: amountString({ maxDecimals: STABLECOIN_DECIMALS, currency: "PYUSD" }),
  merchantReference: nonEmptyText,
  expiresInMinutes: z.number().int().min(5).max(1440),
});
export type PyusdIntentRequest = z.infer<typeof pyusdIntentRequestSchema>;
