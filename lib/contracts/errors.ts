// The one list of error codes the BFF answers with (browser-safe). The server's
// status and message tables are keyed by it (lib/server/api-error.ts), so a new
// code does not compile until it has both; the browser switches on the union.
import type * as z from "zod/mini";
/** @internal */
export const API_ERROR_CODES = [
  "validation",
  "unauthenticated",
  "invalid_credentials",
  "invalid_code",
  "forbidden",
  "step_up_required",
  "csrf_rejected",
  "market_not_enabled",
  "not_found",
  "method_not_allowed",
  "mode_changed",
  "changed_since_read",
  "reference_in_use",
  "reference_refused",
  "write_in_flight",
  "approval_pending",
  "approval_closed",
  "name_changed",
  "insufficient_balance",
  "wallet_not_found",
  "upstream_rejected",
  "upstream_refused",
  "payload_too_large",
  "too_many_attempts",
  "header_too_large",
  "internal",
  "upstream_auth_failed",
  "upstream_missing_scope",
  "upstream_error",
  "payment_unavailable",
  "upstream_rate_limited",
  "database_unavailable",
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export function isApiErrorCode(value: string): value is ApiErrorCode {
  return (API_ERROR_CODES as readonly string[]).includes(value);
}

/** Messages by dotted field path ("body.amount"; "_" for the whole value), as `error.fields` carries them. */
export type FieldErrors = Record<string, string[]>;

/** The same shape from a schema's issues, so a form shows its own check and the BFF's answer alike. */
export function fieldErrorsFromIssues(error: z.core.$ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) (fields[issue.path.map(String).join(".") || "_"] ??= []).push(issue.message);
  return fields;
}

/** Every error answer of the BFF: a stable code, a message for people, the request id for support. */
export type ErrorBody = {
  error: {
    code: ApiErrorCode;
    message: string;
    requestId: string;
    fields?: FieldErrors;
    /** approval_pending: the approval request the write now waits in (/approvals/{id}). */
    approvalId?: string;
  };
};
