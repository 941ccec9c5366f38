import "server-only";
import { ApiError } from "./api-error";

/**
 * The longest id the BFF forwards: §2.3 ids are far shorter; this bounds what goes into an upstream path.
 * @internal
 */
export const MAX_TRANSACTION_ID_LENGTH = 200;

/** Control characters (Unicode Cc), as lib/contracts/inputs/printable.ts refuses them in typed text. */
const CONTROL = /\p{Cc}/u;

/**
 * A transaction id from a route's path, as every route that forwards one reads it: trimmed,
 * 1–200 characters with no control character, or a 400 before anything goes upstream. A NUL
 * (`%00` in the path) reached Postgres as the Europe approval's ledger reference: a 500.
 */
export function transactionIdOf(raw: unknown): string {
  const id = typeof raw === "string" ? raw.trim() : "";
  if (id === "" || id.length > MAX_TRANSACTION_ID_LENGTH || CONTROL.test(id))
    throw new ApiError("validation", "A transaction id is required.");
  return id;
}

/**
 * The same id read for a page (a status page, a deep link): one the route would refuse names no
 * record, so the page says "not found" (page-prefetch.ts's `not_found` refusal) rather than showing
 * a request error for an address someone pasted.
 */
export function pageTransactionIdOf(raw: string): string {
  try {
    return transactionIdOf(raw);
  } catch (err) {
    if (err instanceof ApiError && err.code === "validation") throw new ApiError("not_found");
    throw err;
  }
}
