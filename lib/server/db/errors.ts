// The BFF fails closed when Postgres cannot be reached: it answers 503
// `database_unavailable` and sends nothing upstream. That needs one question
// answered for any error a query throws: "is the database unreachable, or did
// this query fail?" Only the first becomes a 503; a constraint violation or a
// bug in our SQL stays a 500 and is not hidden behind "try again".
import "server-only";

/** Socket-level failures from Node's net/dns while connecting or mid-query. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);

/**
 * SQLSTATEs that mean "no usable session", not "your statement is wrong": class 08, 57P01-03 (shut
 * down, starting), 53300 (too many connections), and the app's own timeouts, 57014 statement_timeout
 * and 55P03 lock_timeout: rolled back, so "try again" is true.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014", "55P03"]);

/**
 * pg and pg-pool raise these as plain Errors without a code (node_modules/pg/lib/client.js,
 * pg-pool/index.js): a dropped socket, a connect timeout, a pool that found no free
 * connection within connectionTimeoutMillis, a query the server never answered.
 */
const DRIVER_MESSAGES = [
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Query read timeout",
];

function codeOf(err: object): string | undefined {
  return "code" in err && typeof err.code === "string" ? err.code : undefined;
}

function isUnavailable(err: object): boolean {
  const code = codeOf(err);
  if (code !== undefined && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  const message = "message" in err && typeof err.message === "string" ? err.message : "";
  return DRIVER_MESSAGES.some((known) => message.startsWith(known));
}

/**
 * Whether `err` means the database could not be reached. Looks through `cause`
 * chains and AggregateErrors, since Node reports a refused "localhost" (tried on
 * ::1 and 127.0.0.1) as an AggregateError of ECONNREFUSEDs, and pg-pool wraps a
 * connect timeout's socket error as its cause.
 */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (typeof err !== "object" || err === null || depth > 5) return false;
  if (isUnavailable(err)) return true;
  if (err instanceof AggregateError && err.errors.some((inner) => isConnectionError(inner, depth + 1))) return true;
  return "cause" in err && isConnectionError(err.cause, depth + 1);
}
