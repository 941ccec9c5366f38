// The browser's one reference generator (browser-safe). Every money write has a
// reference, and the Idempotency-Key derives from it (lib/server/money-writes/
// idempotency.ts): the payouts' and PYUSD's merchantReference, Bangladesh's
// goodsInfo.id, and, for writes whose body has no merchant id (Brazil, India
// and Europe pay-ins, the virtual account), one made for the reviewed write.
// A new reference means a new write; the same one is only ever that write.

/** No 0/O or 1/I: references are read aloud on support calls. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const SUFFIX_LENGTH = 8;

/** Who the reference is for, at a glance: the market (or the virtual account). */
export const REFERENCE_PREFIX = { bangladesh: "BD", brazil: "BR", india: "IN", europe: "EU", nigeria: "NGN", pyusd: "PY", virtualAccount: "VA" } as const;
export type ReferencePrefix = (typeof REFERENCE_PREFIX)[keyof typeof REFERENCE_PREFIX];

/** `<PREFIX>-<YYYYMMDD>-<8 of ALPHABET>`, e.g. NGN-20261122-K7QX2MPA; it follows the one merchantReference rule. */
export function newReference(prefix: ReferencePrefix, now: Date = new Date(), random: (n: number) => Uint8Array = randomBytes): string {
  const day = now.toISOString().slice(0, 10).replaceAll("-", "");
  const suffix = Array.from(random(SUFFIX_LENGTH), (byte) => ALPHABET[byte % ALPHABET.length]).join("");
  return `${prefix}-${day}-${suffix}`;
}

function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}
