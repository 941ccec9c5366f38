// How a typed id is tried against the API (browser-safe): support's search (features/lookup/server/search.ts).

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
