// The input schemas of features/transactions/contracts.ts, loaded by the BFF only (contract.ts says why).
import * as z from "zod/mini";
import { WIRE_CHUNK_ROWS } from "@/features/transactions/contracts";

/** Rows changed after `since`, at most `limit` of them; `refresh=1` asks the BFF to read the upstream list again. */
export const transactionChunkQuerySchema = z.object({
  since: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(WIRE_CHUNK_ROWS)), WIRE_CHUNK_ROWS),
  refresh: z.optional(z.literal("1")),
});
