import "server-only";

/**
 * The caller's address, for throttling, sessions and the audit trail: the x-client-address
 * header that server.ts always overwrites (server/edge/client-address.ts: the socket's peer,
 * or the client as TRUSTED_PROXY_HOPS trusted proxies report it). X-Forwarded-For is never
 * read here: a client writes what it likes into it. Without server.ts in front (a route
 * handler called directly) there is no address, and "unknown" is one shared bucket.
 */
export function clientAddress(headers: Headers): string {
  const address = headers.get("x-client-address")?.trim();
  // server.ts writes an address of at most 45 characters; anything longer did not come from it.
  return address && address.length <= 45 ? address : "unknown";
}
