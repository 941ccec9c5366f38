import "server-only";
import { randomUUID } from "node:crypto";
import { CSRF_HEADER_NAME, CSRF_HEADER_VALUE, MODE_HEADER_NAME } from "@/lib/contracts/csrf";
import { type Environment, isEnvironment } from "@/lib/rails";
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

/**
 * A request made in the mode the page showed, or refused before anything is read, stored or sent:
 * the mode is the session's, so a switch in another tab moves this one too, and a payout reviewed
 * under a test banner must not go to live, nor live figures be cached under a tab's test key. The
 * dashboard's fetch states its page's mode (lib/api-fetch.ts); a client stating none (the scripts,
 * the transactions worker, which checks each chunk) acts in the session's mode.
 */
export function assertShownMode(request: Request, sessionMode: Environment): void {
  const shown = request.headers.get(MODE_HEADER_NAME);
  if (shown === null || shown === sessionMode) return;
  if (!isEnvironment(shown)) {
    throw new ApiError("validation", `${MODE_HEADER_NAME} must be "test" or "live".`);
  }
  const switched = `this page showed ${shown} mode, but your session is now in ${sessionMode} mode (it was switched in another tab or window). The page now shows ${sessionMode} mode`;
  throw new ApiError(
    "mode_changed",
    isMutation(request.method) ? `Nothing was sent: ${switched}: check the details again.` : `Nothing was read: ${switched}.`,
  );
}

/** proxy.ts sets X-Request-Id; one that arrives from outside is kept only if it is log-safe. */
export function requestIdOf(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  return incoming && /^[A-Za-z0-9._:-]{8,128}$/.test(incoming) ? incoming : randomUUID();
}
