// What a failed money write means for the operator, independent of region.
// Each region words the message; the kind decides what the UI offers.
import { isApiFetchError } from "@/lib/api-fetch";

export type WriteErrorKind =
  /** Our schema or the service refused fields: fix them at their step. */
  | "fields"
  /** A definitive "no" about funds: only a new attempt (new reference) can follow. */
  | "funds"
  /** The same key was used with a different body (409): fresh reference, review again. */
  | "conflict"
  /** The rail is unavailable (503 payment_unavailable): not the request's fault; no automatic retry. */
  | "unavailable"
  | "market_not_enabled"
  | "forbidden"
  /** No answer or a gateway failure: the write may exist. Check, or resend with the same key. */
  | "unknown_outcome";

export function writeErrorKind(error: unknown): WriteErrorKind {
  if (!isApiFetchError(error)) return "unknown_outcome";
  switch (error.code) {
    case "validation":
    case "upstream_rejected":
      return "fields";
    case "insufficient_balance":
    case "wallet_not_found":
      return "funds";
    case "idempotency_conflict":
      return "conflict";
    case "payment_unavailable":
      return "unavailable";
    case "market_not_enabled":
      return "market_not_enabled";
    case "forbidden":
    case "csrf_rejected":
      return "forbidden";
    default:
      return "unknown_outcome";
  }
}

/** After these the API may replay the first answer for the old key, so the next attempt needs a new reference. */
export function needsFreshReference(kind: WriteErrorKind): boolean {
  return kind === "funds" || kind === "conflict";
}

export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return isApiFetchError(error) ? (error.fields ?? {}) : {};
}
