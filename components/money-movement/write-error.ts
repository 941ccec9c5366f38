// What a failed money write means for the operator, independent of rail
// (browser-safe). Each rail words the message; the kind decides what the UI offers.
import { isApiFetchError } from "@/lib/api-fetch";

export type WriteErrorKind =
  /** Our schema or the service refused fields before storing anything: fix them, the reference stays. */
  | "fields"
  /** A definitive "no" about funds: only a new write (new reference) can follow. */
  | "funds"
  /** The BFF's 409: this reference was refused before, or belongs to another write. */
  | "spent"
  /** The rail is unavailable (503 payment_unavailable): not the request's fault; no automatic retry. */
  | "unavailable"
  | "market_not_enabled"
  | "forbidden"
  /** The session is in another mode than the page showed (switched in another tab): nothing was stored or sent. */
  | "mode_changed"
  /** Refused before the body was read (the code for a money write not given, the session ended): nothing was sent. */
  | "not_sent"
  /** No answer or a gateway failure: the write may exist. Check again (same reference, same body) or look it up. */
  | "unknown_outcome"
  /** A policy holds it for a second person's approval (maker-checker): nothing was sent; its request's page follows it. */
  | "held";

export function writeErrorKind(error: unknown): WriteErrorKind {
  if (!isApiFetchError(error)) return "unknown_outcome";
  switch (error.code) {
    case "validation":
    case "upstream_rejected":
      return "fields";
    case "insufficient_balance":
    case "wallet_not_found":
      return "funds";
    case "reference_in_use":
    case "reference_refused":
    case "upstream_refused":
      return "spent";
    case "payment_unavailable":
      return "unavailable";
    case "market_not_enabled":
      return "market_not_enabled";
    case "forbidden":
    case "csrf_rejected":
      return "forbidden";
    case "mode_changed":
      return "mode_changed";
    case "approval_pending":
      return "held";
    case "step_up_required":
    case "unauthenticated":
      return "not_sent";
    // The write is being sent elsewhere: its outcome is open, and the recovery box's lookup
    // reads "still being sent" until it settles.
    case "write_in_flight":
      return "unknown_outcome";
    default:
      return "unknown_outcome";
  }
}

/**
 * A final refusal: the API stored it for replay under this reference's key (or
 * the BFF already knows it did), so the same reference would only be refused
 * again. The next attempt starts again with a new reference.
 */
export function isFinalRefusal(kind: WriteErrorKind): boolean {
  return kind === "funds" || kind === "spent" || kind === "market_not_enabled";
}

/** Said after every final refusal, whatever the rail's own words for it. */
export const SPENT_REFERENCE = "This reference is now spent: Start again makes a new one.";

/**
 * The one field-error mapper: the BFF's field messages keyed like the form's
 * fields (the `body.` of a `{ reference, body }` submission is dropped).
 */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  const fields = isApiFetchError(error) ? (error.fields ?? {}) : {};
  return formFieldErrors(fields);
}

export function formFieldErrors(fields: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([path, messages]) => [path.replace(/^body\./, ""), messages]));
}

/**
 * Where a "fields" refusal can be said. It may name only fields the form does not show (the
 * reference, a path the service words its own way) or none at all; a form that hid its error for
 * every "fields" refusal then showed nothing, and the button seemed to do nothing. `placed`: some
 * shown field got a message (the form says it there); `messages`: what no shown field can say,
 * as "field: message", for the form's own error.
 */
export function fieldErrorPlacement(fields: Record<string, string[]>, shown: readonly string[]): { placed: boolean; messages: string[] } {
  const placed = shown.some((name) => (fields[name]?.length ?? 0) > 0);
  const messages = Object.entries(fields)
    .filter(([name, said]) => !shown.includes(name) && said.length > 0)
    .map(([name, said]) => `${name}: ${said.join(" ")}`);
  return { placed, messages };
}
