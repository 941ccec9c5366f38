// The lookup box's limit, browser-safe and free of zod: the route's schema (features/lookup/schemas.ts)
// and the page reading a pasted link (features/lookup/components/lookup-view.tsx) say the same thing.

/** Longer than any transaction ID or platform order ID the API sends (the API's text limit). */
export const LOOKUP_MAX_LENGTH = 200;
export const LOOKUP_TOO_LONG = `That is longer than any transaction ID or platform order ID (at most ${LOOKUP_MAX_LENGTH} characters).`;

/**
 * The value as typed, then, if it differs, in the form the API's ids take: a lower-case prefix and
 * an upper-case rest ("tx_" and 26 Crockford base32 characters,
 * docs/decisions/0056-lookup-casing-times-with-offsets-amount-sort-remembered-mode.md). People
 * retype ids from a phone call in lower case, or from a ticket written in capitals ("TX_01H…").
 */
export function idsToTry(q: string): string[] {
  const prefixed = /^([a-z]+_)(.+)$/i.exec(q);
  const canonical = prefixed ? `${prefixed[1]!.toLowerCase()}${prefixed[2]!.toUpperCase()}` : q.toUpperCase();
  return canonical === q ? [q] : [q, canonical];
}
