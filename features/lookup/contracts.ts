// GET /api/lookup?q= (browser-safe): support lookup, step one, the value as a transactionId.
import type { Environment } from "@/lib/rails";
import { contract } from "@/lib/contracts/contract";
import type { SingleTransactionResponse } from "@/features/transactions/contracts";

export const lookupKeys = { byId: (mode: Environment, value: string) => ["lookup", mode, value] as const };

/** A 404 upstream is an answer ("not an id"), so it comes back as `transaction: null`. */
export const lookupContract = contract<SingleTransactionResponse>()({
  method: "GET",
  path: ({ q }: { q: string }) => `/api/lookup?${new URLSearchParams({ q })}`,
  input: () => import("./schemas").then((m) => m.lookupQuerySchema),
});
