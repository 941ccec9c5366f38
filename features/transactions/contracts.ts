// GET /api/transactions (the shared list, in chunks) and GET /api/transactions/:id
// (browser-safe). The row and the chunk's wire format are the transactions
// feature's own (lib/transaction-row.ts, features/transactions/wire.ts).
import type { Environment } from "@/lib/rails";
import type { TransactionRow } from "@/lib/transaction-row";
import type { TransactionChunkWire } from "@/features/transactions/wire";
import { contract } from "@/lib/contracts/contract";
import type { MaskedWriteSummary } from "@/lib/contracts/write-summary";

/** `GET /api/transactions/:id` and `GET /api/lookup`: one row, or null when the id is unknown (lookup only). */
export type SingleTransactionResponse = { environment: Environment; transaction: TransactionRow | null };

export const transactionKeys = { one: (mode: Environment, id: string) => ["transaction", mode, id] as const };

export const transactionContract = contract<SingleTransactionResponse>()({
  method: "GET",
  path: ({ id }: { id: string }) => `/api/transactions/${encodeURIComponent(id)}`,
});

/**
 * Rows per answer the browser asks for (and the most one answer carries). The worker parses off
 * the main thread, so what costs is each round trip: a second viewer gets a warm list in one answer
 * instead of 20 (docs/decisions/0126). A load still answers every BATCH_SETTLE_MS.
 */
export const WIRE_CHUNK_ROWS = 100_000;

export const transactionChunkContract = contract<TransactionChunkWire>()({
  method: "GET",
  path: ({ since, refresh }: { since: number; refresh?: boolean }) =>
    `/api/transactions?${new URLSearchParams({ since: String(since), limit: String(WIRE_CHUNK_ROWS), ...(refresh ? { refresh: "1" } : {}) })}`,
  input: () => import("./schemas").then((m) => m.transactionChunkQuerySchema),
});

/** One step of a payment's story, from the audit trail: what happened, when, by whom (a staff name, never more). */
export type StoryEvent = { at: string; what: string; by: string };

/** `GET /api/transactions/:id/story`: what the console knows of a payment beyond the API's row (issue 57). */
export type PaymentStory = {
  environment: Environment;
  transactionId: string;
  /** null: created outside the console (the merchant's own server). */
  console: {
    createdBy: string;
    createdAt: string;
    rail: string;
    merchantReference: string;
    state: string;
    /** null: a write from before summaries were kept ("not recorded"). */
    summary: MaskedWriteSummary | null;
  } | null;
  /** The first time the console saw each status ("seen by the console at"), oldest first. */
  statusesSeen: { status: string; seenAt: string }[];
  events: StoryEvent[];
};

export const storyKeys = { one: (mode: Environment, id: string) => ["transaction-story", mode, id] as const };

export const storyContract = contract<PaymentStory>()({
  method: "GET",
  path: ({ id }: { id: string }) => `/api/transactions/${encodeURIComponent(id)}/story`,
});
