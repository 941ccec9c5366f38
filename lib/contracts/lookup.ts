// GET /api/lookup?q= (browser-safe): support lookup, step one, the value as a transactionId.
import * as z from "zod/mini";
import type { Environment } from "@/lib/rails";
import { contract } from "./contract";
import type { SingleTransactionResponse } from "./transactions";

/** The lookup box's rule, for the form and the route alike. */
export const lookupQuerySchema = z.object({
  q: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { message: "Enter a transaction ID or a platform order ID.", abort: true }),
      z.maxLength(200, "That is longer than any transaction ID or platform order ID (at most 200 characters)."),
    ),
});

export const lookupKeys = { byId: (mode: Environment, value: string) => ["lookup", mode, value] as const };

/** A 404 upstream is an answer ("not an id"), so it comes back as `transaction: null`. */
export const lookupContract = contract<SingleTransactionResponse>()({
  method: "GET",
  path: ({ q }: { q: string }) => `/api/lookup?${new URLSearchParams({ q })}`,
  input: lookupQuerySchema,
});
