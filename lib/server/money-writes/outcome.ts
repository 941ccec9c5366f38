import "server-only";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { WriteOutcome } from "./ledger";

// What an upstream failure means for a write that was sent: refused for good (a business refusal
// the API replays; a new attempt needs a new reference), never stored (a body or credentials it
// refused before keeping; the reference is freed), or unknown (timeout, dropped connection, 429,
// 5xx: never "failed"; the same bytes and key replay the answer or create the payment once).
// Details: docs/decisions/0127.

export type SendFailure =
  | { kind: "refused"; outcome: Extract<WriteOutcome, { state: "failed" }> }
  /** `code` and `upstreamStatus`: the refusal's, for the audit trail (the ledger row is freed). */
  | { kind: "never_stored"; code: string; upstreamStatus: number }
  | { kind: "unknown"; outcome: Extract<WriteOutcome, { state: "unknown" }> };

/**
 * Refusals the API answers before it stores anything: authentication and scope
 * (§5), and a 400 with no code (§7: a body that failed validation). A 400 that
 * names a code (insufficient_balance, limit_exceeded …) is a business refusal.
 */
function neverStored(error: PaymentsApiError): boolean {
  if (error.code === "unauthorized" || error.code === "missing_scope") return true;
  return error.code === "validation" && error.upstreamCode === undefined;
}

/**
 * A refusal the API gives at its routes' gate, before its idempotency step (§1 rule 8: an
 * unapproved market's routes answer 403): to a re-send it says nothing of the first send with
 * the same key, which may exist. Every refusal from before the API stores anything is one too.
 */
export function refusedBeforeIdempotency(error: unknown): boolean {
  if (!(error instanceof PaymentsApiError)) return false;
  return error.code === "market_not_enabled" || (error.status >= 400 && error.status < 500 && neverStored(error));
}

export function classifySendFailure(error: unknown): SendFailure {
  // §7's 409 is "the same key with a different body", which the ledger rules out: a reference
  // carries one body (reference_in_use), re-sent byte for byte. So a 409 under our key says the
  // API has met this key and did not answer with its first answer (the first send still being
  // processed, say): the write may exist, and only "check again" or a lookup can tell. Marked
  // failed, the form offered a new reference and a second payment.
  if (error instanceof PaymentsApiError && error.code === "idempotency_conflict") {
    return { kind: "unknown", outcome: { state: "unknown", code: error.code, upstreamStatus: error.status } };
  }
  if (error instanceof PaymentsApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
    if (neverStored(error)) return { kind: "never_stored", code: error.code, upstreamStatus: error.status };
    return { kind: "refused", outcome: { state: "failed", code: error.upstreamCode ?? error.code, upstreamStatus: error.status } };
  }
  const status = error instanceof PaymentsApiError && error.status > 0 ? error.status : null;
  const code = error instanceof PaymentsApiError ? error.code : "no_answer";
  return { kind: "unknown", outcome: { state: "unknown", code, upstreamStatus: status } };
}
