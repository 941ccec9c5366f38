// GET /api/search?q=&tz= (browser-safe): support's one search box, both modes at once.
import type { Environment } from "@/lib/rails";
import type { TransactionRow } from "@/lib/transaction-row";
import { contract } from "@/lib/contracts/contract";
import type { MaskedWriteSummary } from "@/lib/contracts/write-summary";
import type { MatchedOn } from "./search-query";

export const searchKeys = { all: (value: string, timeZone: string) => ["search", value, timeZone] as const };

/** A write made from this console, masked (amount, bank, the account's last 4 digits), with who made it. */
export type SearchWrite = MaskedWriteSummary & {
  rail: string;
  merchantReference: string;
  /** The ledger's state: sent and unknown are writes whose outcome is not known yet. */
  state: "intent" | "held" | "sent" | "answered" | "failed" | "unknown";
  createdAt: string;
  createdBy: string;
};

export type SearchResult = {
  environment: Environment;
  matchedOn: MatchedOn[];
  transactionId: string | null;
  /** When it was created (the API's createdAt, or the console's intent for a write not listed): newest first. */
  at: string;
  /** The transaction as listed; null for a console write not in the list (yet). */
  row: TransactionRow | null;
  /** The console's write of it, when this console made it. */
  write: SearchWrite | null;
};

/** How far each environment's list was searched: a list still loading may hold more. */
export type SearchedList = { environment: Environment; loaded: number; total: number | null; complete: boolean; error: string | null };

export type SearchResponse = { query: string; results: SearchResult[]; more: boolean; lists: SearchedList[] };

export const searchContract = contract<SearchResponse>()({
  method: "GET",
  path: ({ q, tz }: { q: string; tz: string }) => `/api/search?${new URLSearchParams({ q, tz })}`,
  input: () => import("./schemas").then((m) => m.searchQuerySchema),
});
