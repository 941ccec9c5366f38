// GET /api/transactions (the shared list, in chunks) and GET /api/transactions/:id
// (browser-safe). The row and the chunk's wire format are the transactions
// feature's own (lib/transactions/types.ts, lib/transactions/wire.ts).
import * as z from "zod/mini";
import type { Environment } from "@/lib/rails";
import type { TransactionRow } from "@/lib/transactions/types";
import { WIRE_CHUNK_ROWS, type TransactionChunkWire } from "@/lib/transactions/wire";
import { contract } from "./contract";

/** `GET /api/transactions/:id` and `GET /api/lookup`: one row, or null when the id is unknown (lookup only). */
export type SingleTransactionResponse = { environment: Environment; transaction: TransactionRow | null };

export const transactionKeys = { one: (mode: Environment, id: string) => ["transaction", mode, id] as const };

export const transactionContract = contract<SingleTransactionResponse>()({
  method: "GET",
  path: ({ id }: { id: string }) => `/api/transactions/${encodeURIComponent(id)}`,
});

/** Rows changed after `since`, at most `limit` of them; `refresh=1` asks the BFF to read the upstream list again. */
const transactionChunkQuerySchema = z.object({
  since: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), WIRE_CHUNK_ROWS),
  refresh: z.optional(z.literal("1")),
});

export const transactionChunkContract = contract<TransactionChunkWire>()({
  method: "GET",
  path: ({ since, refresh }: { since: number; refresh?: boolean }) =>
    `/api/transactions?${new URLSearchParams({ since: String(since), limit: String(WIRE_CHUNK_ROWS), ...(refresh ? { refresh: "1" } : {}) })}`,
  input: transactionChunkQuerySchema,
});
