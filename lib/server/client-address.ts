import "server-only";

/**
 * The caller's address, for throttling, sessions and the audit trail: the x-client-address
 * header that server.ts always overwrites (server/edge/client-address.ts: the socket's peer,
 * or the client as TRUSTED_PROXY_HOPS trusted proxies report it). X-Forwarded-For is never
 * read here: a client writes what it likes into it. Without server.ts in front (a route
 * handler called directly) there is no address, and "unknown" is one shared bucket.
 */
export function clientAddress(headers: Headers): string {
  return headers.get("x-client-address")?.trim() || "unknown";
}
