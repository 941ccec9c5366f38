// GET /api/transactions (the shared list, in chunks) and GET /api/transactions/:id
// (browser-safe). The row and the chunk's wire format are the transactions
// feature's own (lib/transactions/types.ts, lib/transactions/wire.ts).
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

export const transactionChunkContract = contract<TransactionChunkWire>()({
  method: "GET",
  path: ({ since, refresh }: { since: number; refresh?: boolean }) =>
    `/api/transactions?${new URLSearchParams({ since: String(since), limit: String(WIRE_CHUNK_ROWS), ...(refresh ? { refresh: "1" } : {}) })}`,
  input: () => import("./inputs/transactions").then((m) => m.transactionChunkQuerySchema),
});
