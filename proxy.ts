import { NextResponse, type NextRequest } from "next/server";
import { securityHeaders } from "@/lib/security-headers";

// Security headers and a request id for every page and BFF answer (Next 16's
// proxy, formerly middleware; the recipe follows Next's CSP guide). It does no
// auth: route handlers and pages check the session themselves (lib/server).

// One of the two process.env reads outside lib/server/env.ts (instrumentation.ts reads
// NEXT_RUNTIME): NODE_ENV is inlined by Next at build time and is not configuration
// (docs/decisions/0014-security-headers-set-in-proxy-ts.md).
const isDevelopment = process.env.NODE_ENV === "development";

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    // Next reads the nonce from this header and puts it on its own scripts; 'strict-dynamic'
    // lets those load their chunks. React's dev build needs eval for its error overlays.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDevelopment ? " 'unsafe-eval'" : ""}`,
    // Style attributes come from React components (charts, dialogs, virtual lists); they cannot run script.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    // The transactions worker (features/transactions/worker) is a same-origin script chunk.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function proxy(request: NextRequest) {
  const incoming = request.headers.get("x-request-id");
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce);

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-request-id", requestId);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(securityHeaders(csp))) response.headers.set(name, value);
  response.headers.set("X-Request-Id", requestId);
  // Pages and BFF answers carry per-user data; static assets are excluded by the matcher and keep their caching.
  response.headers.set("Cache-Control", "no-store");
  return response;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg|robots.txt).*)"],
};
