import "server-only";
import { z } from "zod";

export type PaymentsErrorCode =
  | "market_not_enabled"
  | "missing_scope"
  | "payment_unavailable"
  | "insufficient_balance"
  | "wallet_not_found"
  | "idempotency_conflict"
  | "invalid_state"
  | "unauthorized"
  | "validation"
  | "not_found"
  | "rate_limited"
  | "upstream";

export interface FieldError {
  path: string;
  message: string;
}

interface PaymentsApiErrorInit {
  /** HTTP status of the answer; 0 when none arrived (network error or timeout). */
  status: number;
  code: PaymentsErrorCode;
  retryable: boolean;
  /** The service's own code, e.g. name_enquiry_failed, kept even when it maps to a generic code. */
  upstreamCode?: string;
  requestId?: string;
  details?: FieldError[];
  retryAfterSeconds?: number;
  cause?: unknown;
}

/**
 * The one error the client throws. Built only from the status, the response
 * body and headers the service returned, never from request headers, so the
 * API secret and the signature cannot end up in a message or a log line.
 */
export class PaymentsApiError extends Error {
  override readonly name = "PaymentsApiError";
  readonly status: number;
  readonly code: PaymentsErrorCode;
  readonly retryable: boolean;
  readonly upstreamCode?: string;
  readonly requestId?: string;
  readonly details?: FieldError[];
  readonly retryAfterSeconds?: number;

  constructor(message: string, init: PaymentsApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.retryable = init.retryable;
    this.upstreamCode = init.upstreamCode;
    this.requestId = init.requestId;
    this.details = init.details;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  toJSON() {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      code: this.code,
      retryable: this.retryable,
      upstreamCode: this.upstreamCode,
      requestId: this.requestId,
      details: this.details,
      retryAfterSeconds: this.retryAfterSeconds,
    };
  }
}

/** The simulator's error body (simulator/README.md "Error body"); tolerant because §7 does not show it. */
const errorBodySchema = z.looseObject({
  message: z.string().optional(),
  code: z.string().optional(),
  requestId: z.string().optional(),
  details: z.array(z.looseObject({ path: z.unknown(), message: z.string() })).optional(),
});

/**
 * A service (or a proxy in front of it) may echo a signature it computed in its
 * message; HMAC-SHA256 hex is blanked so it cannot reach a log through us.
 */
function redactSignatures(text: string): string {
  return text.replace(/\b[0-9a-f]{64}\b/gi, "[redacted]");
}

function parseErrorBody(text: string): z.infer<typeof errorBodySchema> {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function fieldErrorsOf(details: z.infer<typeof errorBodySchema>["details"]): FieldError[] | undefined {
  return details?.map(({ path, message }) => ({
    path: Array.isArray(path) ? path.join(".") : typeof path === "string" || typeof path === "number" ? String(path) : "",
    message: redactSignatures(message),
  }));
}

/**
 * Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3).
 * @internal
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000));
}

function classify(status: number, upstreamCode: string | undefined): { code: PaymentsErrorCode; retryable: boolean } {
  if (status === 503) return { code: "payment_unavailable", retryable: false }; // a rail state (§1 rule 9), not an outage
  if (status === 403) {
    return { code: upstreamCode === "market_not_enabled" ? "market_not_enabled" : "missing_scope", retryable: false };
  }
  if (status === 400 && (upstreamCode === "insufficient_balance" || upstreamCode === "wallet_not_found")) {
    return { code: upstreamCode, retryable: false };
  }
  if (status === 401) return { code: "unauthorized", retryable: false };
  if (status === 404) return { code: "not_found", retryable: false };
  // §7's 409 (no code) is a reused Idempotency-Key; a 409 naming invalid_state is an action the record's state forbids.
  if (status === 409) {
    return { code: upstreamCode === "invalid_state" ? "invalid_state" : "idempotency_conflict", retryable: false };
  }
  if (status === 429) return { code: "rate_limited", retryable: true };
  if (status >= 400 && status < 500) return { code: "validation", retryable: false };
  return { code: "upstream", retryable: status >= 500 };
}

/** The one thing errors read from an answer's headers; a fetch `Headers` is one. */
export type HeaderReader = Pick<Headers, "get">;

interface FailedResponse {
  status: number;
  bodyText: string;
  headers: HeaderReader;
  /** `METHOD /path`, for the message; never includes headers. */
  operation: string;
  nowMs: number;
}

export function errorFromResponse({ status, bodyText, headers, operation, nowMs }: FailedResponse): PaymentsApiError {
  const body = parseErrorBody(bodyText);
  const { code, retryable } = classify(status, body.code);
  const detail = body.message ? `: ${redactSignatures(body.message)}` : "";
  return new PaymentsApiError(`${operation} failed with ${status} ${body.code ?? code}${detail}`, {
    status,
    code,
    retryable,
    upstreamCode: body.code,
    requestId: headers.get("x-request-id") ?? body.requestId,
    details: fieldErrorsOf(body.details),
    retryAfterSeconds: status === 429 ? parseRetryAfter(headers.get("retry-after"), nowMs) : undefined,
  });
}

export type NoAnswerReason = "network" | "timeout";

/** No answer at all: safe to retry, since writes carry their Idempotency-Key and identical bytes. */
export function noAnswerError(operation: string, reason: NoAnswerReason, cause: unknown): PaymentsApiError {
  const what = reason === "timeout" ? "timed out" : `network error (${describeCause(cause)})`;
  return new PaymentsApiError(`${operation} ${what}`, { status: 0, code: "upstream", retryable: true, cause });
}

/** A 2xx whose body is not the promised JSON: a contract break, so not worth retrying. */
export function unparseableResponseError(operation: string, status: number, problem: string, headers: HeaderReader) {
  return new PaymentsApiError(`${operation} returned an unreadable ${status} response: ${problem}`, {
    status,
    code: "upstream",
    retryable: false,
    requestId: headers.get("x-request-id") ?? undefined,
  });
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return "unknown";
  const inner = cause.cause instanceof Error ? ` / ${(cause.cause as NodeJS.ErrnoException).code ?? cause.cause.message}` : "";
  return `${cause.message}${inner}`;
}

/** A request the client refused to sign because the caller's input breaks the request schema. */
export function invalidRequestError(
  operation: string,
  issues: ReadonlyArray<Pick<z.core.$ZodIssue, "path" | "message">>,
): PaymentsApiError {
  return new PaymentsApiError(`${operation} not sent: the request failed validation`, {
    status: 400,
    code: "validation",
    retryable: false,
    details: issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
  });
}
