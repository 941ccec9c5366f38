import "server-only";
import { PaymentsApiError } from "@/lib/payments/errors";
import { env } from "./env";

// One JSON line per event on stdout, for whatever ships logs. Callers pass only
// operational fields: never secrets, emails, names or request bodies.

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export type LogFields = Record<string, string | number | boolean | null | undefined>;

function write(level: Level, message: string, fields: LogFields) {
  if (ORDER[level] < ORDER[env().logLevel]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

export const logger = {
  /** Written whatever LOG_LEVEL says: records others rely on (the audit chain's anchors). */
  record: (message: string, fields: LogFields = {}) =>
    console.log(JSON.stringify({ time: new Date().toISOString(), level: "record", message, ...fields })),
  debug: (message: string, fields: LogFields = {}) => write("debug", message, fields),
  info: (message: string, fields: LogFields = {}) => write("info", message, fields),
  warn: (message: string, fields: LogFields = {}) => write("warn", message, fields),
  error: (message: string, fields: LogFields = {}) => write("error", message, fields),
};

/**
 * An error's kind for a log line: its class's name, never its message. A message can carry an
 * upstream's own words, a refused connection's host and port or a driver's SQL text, none of which
 * the logs hold (docs/decisions/0015-one-json-log-line-per-request-failures-by-kind-and-code.md).
 */
export const errorKind = (error: unknown): string => (error instanceof Error ? error.name : typeof error);

/** A code that names a failure without quoting anything: a driver's SQLSTATE, a system error's `ECONNREFUSED`. */
const FAILURE_CODE = /^[A-Za-z0-9_]{1,32}$/;

/**
 * A failure for a log line: its kind and, when the payments API's, the API's code and status; for
 * any other, the code it carries when that is a plain name (Postgres's `57P01`, Node's
 * `ECONNREFUSED`), which says what went wrong without the message's hosts, values or SQL.
 */
export function failureFields(error: unknown): LogFields {
  if (error instanceof PaymentsApiError) return { error: error.name, code: error.code, status: error.status };
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  return typeof code === "string" && FAILURE_CODE.test(code) ? { error: errorKind(error), code } : { error: errorKind(error) };
}
