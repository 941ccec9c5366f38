import "server-only";
import type { ApiErrorCode, ErrorBody, FieldErrors } from "@/lib/contracts/errors";
import { PaymentsApiError, type PaymentsErrorCode } from "@/lib/payments/errors";
import { isConnectionError } from "./db/errors";
import { env } from "./env";
import { failureFields, logger } from "./logger";

// One error type for the BFF and one table from code to HTTP status. The codes
// are the one list in lib/contracts/errors.ts: both tables below must name every
// one of them. Upstream failures get codes of their own so the browser never
// mistakes them for ours: an upstream 401 is our credentials or clock, and must
// not sign staff out.
const STATUS = {
  validation: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  // Not 401: a wrong code in the step-up dialog must not send the browser to sign-in.
  invalid_code: 400,
  forbidden: 403,
  // Not 401 either: the session is fine; the browser asks for a code and sends the request again.
  step_up_required: 403,
  csrf_rejected: 403,
  market_not_enabled: 403,
  not_found: 404,
  method_not_allowed: 405,
  mode_changed: 409,
  changed_since_read: 409,
  reference_in_use: 409,
  reference_refused: 409,
  write_in_flight: 409,
  // Not an error of the request: the payout waits for a second person (maker-checker); nothing was sent.
  approval_pending: 409,
  approval_closed: 409,
  name_changed: 409,
  insufficient_balance: 422,
  wallet_not_found: 422,
  upstream_rejected: 422,
  upstream_refused: 422,
  payload_too_large: 413,
  too_many_attempts: 429,
  header_too_large: 431,
  internal: 500,
  upstream_auth_failed: 502,
  upstream_missing_scope: 502,
  upstream_error: 502,
  payment_unavailable: 503,
  upstream_rate_limited: 503,
  database_unavailable: 503,
} as const satisfies Record<ApiErrorCode, number>;

const DEFAULT_MESSAGE: Record<ApiErrorCode, string> = {
  validation: "Some fields are invalid.",
  unauthenticated: "Please sign in.",
  invalid_credentials: "Wrong email or password.",
  invalid_code: "That code is not right, or was already used. Use the newest code from your app, or a recovery code.",
  forbidden: "Your role may not do this.",
  step_up_required: "Confirm it is you: enter a code from your authenticator app.",
  csrf_rejected: "Request rejected: it did not come from the dashboard.",
  market_not_enabled: "This market is not enabled for the merchant yet.",
  not_found: "Not found.",
  method_not_allowed: "This method is not allowed here.",
  mode_changed: "Nothing was sent: this page showed another mode than the one your session is in now. Check the details again.",
  changed_since_read: "Nothing was changed: this changed since the page showed it. Check the current value, then try again.",
  reference_in_use: "This reference was already used for a different write. Start again, which uses a new reference.",
  reference_refused:
    "The payments service already refused a write with this reference. It would only repeat that answer: start again, which uses a new reference.",
  write_in_flight:
    "This write is still being sent, from another session or server. Nothing was sent again: check again in a moment to see how it ended.",
  approval_pending: "Waiting for approval: this payout needs a second person's approval before it is sent. Nothing was sent yet.",
  approval_closed: "This approval request is already decided, or expired: nothing was sent for it now.",
  name_changed:
    "The account's name changed since the maker looked it up: this payout cannot be approved as it is. Reject it, and the maker starts again.",
  insufficient_balance: "The pocket does not hold enough funds.",
  wallet_not_found: "The pocket for this currency does not exist.",
  upstream_rejected: "The payments service rejected the request.",
  upstream_refused:
    "The payments service refused this write for good: it keeps that answer for this reference, so sending it again would only repeat it.",
  payload_too_large: "The request is larger than any form of the dashboard sends.",
  too_many_attempts: "Too many attempts. Try again later.",
  header_too_large: "The request headers are too large.",
  internal: "Something went wrong on our side.",
  upstream_auth_failed: "The dashboard could not authenticate with the payments service.",
  upstream_missing_scope: "The dashboard's API key lacks the scope for this action.",
  upstream_error: "The payments service failed to answer.",
  // Reads meet it too (the balances), so it names the service, not "this payment rail"; the write
  // forms say their own sentence for it.
  payment_unavailable: "The payments service is unavailable right now. This is not a problem on your side; try again in a moment.",
  upstream_rate_limited: "The payments service is busy. Try again shortly.",
  database_unavailable: "The dashboard's database is unavailable.",
};

export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;

  constructor(
    readonly code: ApiErrorCode,
    message: string = DEFAULT_MESSAGE[code],
    readonly extra: { fields?: FieldErrors; retryAfterSeconds?: number; approvalId?: string } = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

/** Upstream `details` are `[{ path, message }]` in the simulator; anything else is dropped, never echoed raw. */
function fieldsFromDetails(details: unknown): FieldErrors | undefined {
  if (!Array.isArray(details)) return undefined;
  const fields: FieldErrors = {};
  for (const item of details as unknown[]) {
    if (typeof item !== "object" || item === null || !("path" in item) || !("message" in item)) continue;
    const { path, message } = item;
    if (typeof path === "string" && typeof message === "string") (fields[path] ??= []).push(message);
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/**
 * A money write's refusal that the API keeps for replay under the write's key (a 400 that names a
 * code, outcome.ts): the ledger has recorded it failed, so the reference is spent. Said as such,
 * with the fields it names: as a plain `upstream_rejected` the form offered to fix the fields and
 * send them under the same reference, which the ledger (and the API, §5 rule 4) then refused.
 */
export function spentRefusal(err: PaymentsApiError): ApiError {
  const code = err.upstreamCode && /^[a-z0-9_]{1,64}$/i.test(err.upstreamCode) ? ` (${err.upstreamCode})` : "";
  return new ApiError(
    "upstream_refused",
    `The payments service refused this write${code}. It keeps that answer for this reference, so sending it again, even corrected, would only repeat it.`,
    { fields: fieldsFromDetails(err.details) },
  );
}

function fromUpstream(err: PaymentsApiError): ApiError {
  switch (err.code) {
    case "unauthorized":
      return new ApiError("upstream_auth_failed");
    case "missing_scope":
      return new ApiError("upstream_missing_scope");
    case "market_not_enabled":
    case "payment_unavailable":
    case "insufficient_balance":
    case "wallet_not_found":
    case "not_found":
      return new ApiError(err.code);
    // Only a money write carries a key, and the ledger re-sends one body per key: the write may exist (outcome.ts).
    case "idempotency_conflict":
      return new ApiError(
        "upstream_error",
        "The payments service did not confirm this write: it has met its key before (the first send may still be in progress). It may exist: check again, or look it up, before sending anything new.",
      );
    case "validation":
      return new ApiError("upstream_rejected", undefined, { fields: fieldsFromDetails(err.details) });
    // A definite "no" to this moment, not a failure of the service: retrying it gets the same answer.
    case "invalid_state":
      return new ApiError(
        "upstream_rejected",
        "The payments service refused this: the record has moved on since this page read it (a payout no longer awaiting approval, say). Nothing was changed, and the page shows where it stands once this is closed.",
      );
    case "rate_limited":
      return new ApiError("upstream_rate_limited", undefined, { retryAfterSeconds: err.retryAfterSeconds ?? 5 });
    default:
      return new ApiError("upstream_error");
  }
}

/**
 * Upstream refusals that say something about the merchant or the URL, not about the service: a
 * market the merchant does not have (§1 rule 8; /nigeria/virtual-account learns it from its read)
 * and an id that does not exist (a status page's URL). The console shows each as a state, so they
 * are logged as information; a warning on every such view would bury the ones an operator must act
 * on. The BFF's answers and the pages' server reads (page-prefetch.ts) both log by this rule.
 */
const STATE_REFUSALS = ["market_not_enabled", "not_found"] as const satisfies readonly PaymentsErrorCode[];

export type StateRefusal = (typeof STATE_REFUSALS)[number];

/**
 * The refusal `err` is, when the console shows it as a state: the API's own, or the BFF's (a record
 * of another rail under a shared endpoint is the BFF's `not_found`, regions/payins.ts). Null for the
 * service failing or refusing the keys, and for anything else.
 */
export function stateRefusalOf(err: unknown): StateRefusal | null {
  const code = err instanceof PaymentsApiError || err instanceof ApiError ? err.code : null;
  return STATE_REFUSALS.find((refusal) => refusal === code) ?? null;
}

/** How loudly an upstream failure is logged: information for a state the console shows, else a warning. */
export const upstreamLogLevel = (err: PaymentsApiError): "info" | "warn" => (stateRefusalOf(err) ? "info" : "warn");

/**
 * What may be said to the browser of a failure outside a response's own error (a list load's state):
 * the sentence its response would carry. Never the error's message: an upstream's own words, a
 * host and port from a refused connection, or an internal detail.
 */
export function publicMessageOf(err: unknown): { code: ApiErrorCode; message: string } {
  const apiError = err instanceof ApiError ? err : err instanceof PaymentsApiError ? fromUpstream(err) : new ApiError("internal");
  return { code: apiError.code, message: apiError.message };
}

/** The one place an error becomes a response: stable shape, no upstream body, no stack. */
export function handleApiError(err: unknown, requestId: string): Response {
  let apiError: ApiError;
  if (err instanceof ApiError) apiError = err;
  else if (err instanceof PaymentsApiError) {
    apiError = fromUpstream(err);
    logger[upstreamLogLevel(err)]("upstream error", { requestId, upstreamStatus: err.status, upstreamCode: err.code, code: apiError.code });
  } else if (isConnectionError(err)) {
    // Fail closed: the session is read from the database before anything else, so nothing went upstream.
    apiError = new ApiError("database_unavailable");
    logger.warn("database unavailable", { requestId, ...failureFields(err) });
  } else {
    apiError = new ApiError("internal");
    // Messages may quote user input, so they are logged only outside production.
    const detail = err instanceof Error && !env().isProduction ? err.message : undefined;
    logger.error("unhandled error", { requestId, ...failureFields(err), detail });
  }
  const body: ErrorBody = { error: { code: apiError.code, message: apiError.message, requestId } };
  if (apiError.extra.fields) body.error.fields = apiError.extra.fields;
  if (apiError.extra.approvalId) body.error.approvalId = apiError.extra.approvalId;
  const headers = new Headers();
  if (apiError.extra.retryAfterSeconds !== undefined) headers.set("Retry-After", String(Math.ceil(apiError.extra.retryAfterSeconds)));
  return Response.json(body, { status: apiError.status, headers });
}
