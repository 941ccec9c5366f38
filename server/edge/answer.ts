import { STATUS_CODES } from "node:http";
import type { ApiErrorCode } from "@/lib/contracts/errors";
import { securityHeaders } from "@/lib/security-headers";
import { HTTP_METHODS, type HttpMethod } from "./methods";

// Used by server.ts outside Next (see methods.ts for why no "server-only").
//
// The answers the server gives itself, before Next: the BFF's error shape
// ({"error":{"code","message","requestId"}}, lib/server/api-error.ts) with the codes of its
// table, so a client reads them like any other BFF error.

// Codes from the BFF's one list (lib/contracts/errors.ts): one missing there does not compile.
type EdgeCode = Extract<ApiErrorCode, "validation" | "not_found" | "method_not_allowed" | "header_too_large" | "internal">;

export type EdgeAnswer = { status: number; code: EdgeCode; message: string; allow?: readonly HttpMethod[] };

const STATUS: Record<EdgeCode, number> = { validation: 400, not_found: 404, method_not_allowed: 405, header_too_large: 431, internal: 500 };

function answer(code: EdgeCode, message: string, allow?: readonly HttpMethod[]): EdgeAnswer {
  return allow ? { status: STATUS[code], code, message, allow } : { status: STATUS[code], code, message };
}

export const ANSWERS = {
  malformedUrl: answer("validation", "The request URL is malformed."),
  notAPath: answer("validation", "The request target must be a path."),
  unreadable: answer("validation", "The request could not be read."),
  notFound: answer("not_found", "Not found."),
  headersTooLarge: answer("header_too_large", "The request headers are too large."),
  unknownMethod: answer("method_not_allowed", "This method is not allowed.", HTTP_METHODS),
  internal: answer("internal", "Something went wrong on our side."),
  methodNotAllowed: (allow: readonly HttpMethod[]) => answer("method_not_allowed", "This method is not allowed here.", allow),
};

// JSON needs no scripts, frames or anything else a page would.
const HEADERS = securityHeaders("default-src 'none'; frame-ancestors 'none'");

export type RenderedAnswer = { status: number; headers: Record<string, string>; body: string };

export function renderAnswer(edge: EdgeAnswer, requestId: string): RenderedAnswer {
  const body = JSON.stringify({ error: { code: edge.code, message: edge.message, requestId } });
  const headers: Record<string, string> = {
    ...HEADERS,
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
    "X-Request-Id": requestId,
  };
  if (edge.allow) headers.Allow = edge.allow.join(", ");
  return { status: edge.status, headers, body };
}

/** The whole HTTP/1.1 response as bytes, for a socket whose request never became one. */
export function rawResponse({ status, headers, body }: RenderedAnswer, { head = false } = {}): string {
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  // A HEAD answer carries the headers a GET would, Content-Length included, and no body.
  return `${lines.join("\r\n")}\r\nConnection: close\r\n\r\n${head ? "" : body}`;
}
