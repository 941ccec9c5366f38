// Used by server.ts outside Next (see methods.ts for why no "server-only").
// Who is calling, passed to the app in x-client-address (always overwritten). With no proxy
// (TRUSTED_PROXY_HOPS=0) the socket's peer; behind N proxies the Nth entry from the end of
// [...X-Forwarded-For, peer], as Express's `trust proxy = N` reads it (docs/decisions/0008, 0124).

import { isIP } from "node:net";

const MAX_TRUSTED_PROXY_HOPS = 10;

/** TRUSTED_PROXY_HOPS: a whole number 0–10, default 0; anything else stops the start. */
export function parseTrustedProxyHops(text: string | undefined): number {
  if (text === undefined || text.trim() === "") return 0;
  const hops = Number(text);
  if (!/^\d+$/.test(text.trim()) || hops > MAX_TRUSTED_PROXY_HOPS)
    throw new Error(`TRUSTED_PROXY_HOPS must be a whole number from 0 to ${MAX_TRUSTED_PROXY_HOPS} (got "${text}").`);
  return hops;
}

/**
 * The address alone: "::ffff:203.0.113.7" (an IPv4 peer on a dual-stack socket) is 203.0.113.7,
 * and the port some balancers write into X-Forwarded-For ("203.0.113.7:51234",
 * "[2001:db8::1]:443") is dropped: kept, every connection would be an address of its own to the
 * sign-in throttle.
 */
function plain(address: string): string {
  const trimmed = address.trim();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d+)?$/i.exec(trimmed);
  if (bracketed) return bracketed[1]!;
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(trimmed);
  if (withPort) return withPort[1]!;
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed;
}

/**
 * An IPv4 or IPv6 address and nothing else. `isIP` also takes an IPv6 address with a zone id of
 * any length ("fe80::1%" and 10,000 letters): no zone, and at most 45 characters (the longest
 * IPv6 text, IPv4-mapped).
 */
const isAddress = (entry: string): boolean => entry.length <= 45 && !entry.includes("%") && isIP(entry) !== 0;

export function clientAddressOf(peer: string | undefined, forwardedFor: string | string[] | undefined, hops: number): string | undefined {
  if (hops === 0 || forwardedFor === undefined) return peer === undefined ? undefined : plain(peer);
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map(plain)
    .filter((entry) => entry !== "");
  const chain = peer === undefined ? forwarded : [...forwarded, plain(peer)];
  // An entry that is not an address ("unknown", a pasted page of text from a client that skipped a
  // proxy) would be a throttle bucket of its own and a value in every audit entry: the nearest
  // address after it, which a more trusted hop wrote, stands instead.
  const picked = chain.slice(Math.max(0, chain.length - 1 - hops)).find(isAddress);
  return picked ?? (peer === undefined ? undefined : plain(peer));
}
