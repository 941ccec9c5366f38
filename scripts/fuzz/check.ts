import { isApiErrorCode } from "@/lib/contracts/errors";
import { isApiPath, normalisePath } from "@/server/edge/decide";
import type { FuzzRequest } from "./plan";

// What every answer must satisfy. Under /api: every 4xx and 5xx is the BFF's error shape with
// a code from the one list and its request id also in X-Request-Id; a 5xx only with a code
// that names an upstream, rail or database failure; a 3xx (Next's redirect away from a
// trailing or doubled slash) has a Location. Anywhere: never a 500, and always an answer.

export type FuzzAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string; error?: string };

// The 5xx codes that name a failure outside the dashboard's own code
// (docs/decisions/0042-npm-run-fuzz-checks-the-bffs-error-rules.md; the codes: 0004).
const UPSTREAM_CODES: Record<number, readonly string[]> = {
  502: ["upstream_auth_failed", "upstream_missing_scope", "upstream_error"],
  503: ["payment_unavailable", "upstream_rate_limited", "database_unavailable"],
};

type ErrorBody = { error?: { code?: unknown; message?: unknown; requestId?: unknown } };

function parse(body: string): ErrorBody | null {
  try {
    return JSON.parse(body) as ErrorBody;
  } catch {
    return null;
  }
}

export function violations(request: FuzzRequest, answer: FuzzAnswer): string[] {
  if (answer.error) return [`no answer: ${answer.error}`];
  const found: string[] = [];
  if (answer.status === 500) found.push("status 500");
  const path = normalisePath(request.path.split(/[?#]/, 1)[0] ?? "");
  if (path === null || !isApiPath(path)) return found;
  if (answer.status >= 300 && answer.status < 400 && !answer.headers.location) found.push("redirect without Location");
  if (answer.status < 400) return found;
  if (!String(answer.headers["content-type"]).startsWith("application/json"))
    found.push(`content-type ${String(answer.headers["content-type"] ?? "none")}`);
  // A HEAD answer has no body to read: its headers were checked above.
  if (request.method === "HEAD") return found;
  const error = parse(answer.body)?.error;
  if (typeof error?.code !== "string" || typeof error.message !== "string" || typeof error.requestId !== "string") {
    return [...found, "body is not the error shape"];
  }
  if (!isApiErrorCode(error.code)) found.push(`code ${error.code} is not in lib/contracts/errors.ts`);
  if (answer.headers["x-request-id"] !== error.requestId) found.push("X-Request-Id differs from the body's requestId");
  if (answer.status >= 500 && !UPSTREAM_CODES[answer.status]?.includes(error.code)) found.push(`${answer.status} with code ${error.code}`);
  return found;
}
