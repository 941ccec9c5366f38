import "server-only";
import { randomUUID } from "node:crypto";
import { CSRF_HEADER_NAME, CSRF_HEADER_VALUE } from "@/lib/contracts/csrf";
import { ApiError } from "./api-error";
import { env } from "./env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isMutation(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * CSRF defence for cookie-authenticated writes (the cookie is SameSite=Lax):
 * the browser's Origin must be ours, and the request must carry a custom
 * header, which a cross-site form or a "simple" fetch cannot send without a
 * CORS preflight that we never grant.
 */
export function assertSameOriginMutation(request: Request): void {
  if (!isMutation(request.method)) return;
  const origin = request.headers.get("origin");
  if (origin !== env().publicOrigin || request.headers.get(CSRF_HEADER_NAME) !== CSRF_HEADER_VALUE) {
    throw new ApiError("csrf_rejected");
  }
}

/** proxy.ts sets X-Request-Id; one that arrives from outside is kept only if it is log-safe. */
export function requestIdOf(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  return incoming && /^[A-Za-z0-9._:-]{8,128}$/.test(incoming) ? incoming : randomUUID();
}
