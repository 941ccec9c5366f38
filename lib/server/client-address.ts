import "server-only";

/**
 * The client address for throttling. Route handlers get no socket, so it comes
 * from headers. We take the LAST X-Forwarded-For hop: the one appended by the
 * reverse proxy nearest to us (or by `next start` itself, which fills the
 * header with the socket address when absent). Earlier hops are whatever the
 * client claimed. Deploy behind a proxy that appends or overwrites the header;
 * see docs/decisions.md. The per-email throttle holds regardless.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").at(-1)?.trim();
  if (last) return last;
  return headers.get("x-real-ip")?.trim() || "unknown";
}
