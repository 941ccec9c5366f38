// The browser's one reference generator (browser-safe). Every money write has a
// reference, and the Idempotency-Key derives from it (lib/server/money-writes/
// idempotency.ts): the payouts' and PYUSD's merchantReference, Bangladesh's
// goodsInfo.id, and, for writes whose body has no merchant id (Brazil, India
// and Europe pay-ins, the virtual account), one made for the reviewed write.
// A new reference means a new write; the same one is only ever that write.

/** Uppercase hex: no O or I to mistake for 0 or 1 when a reference is read aloud on a support call. */
const DIGITS = "0123456789ABCDEF";

/** Who the reference is for, at a glance: the market (or the virtual account). */
export const REFERENCE_PREFIX = {
  bangladesh: "BD",
  brazil: "BR",
  india: "IN",
  europe: "EU",
  nigeria: "NGN",
  pyusd: "PY",
  virtualAccount: "VA",
} as const;
export type ReferencePrefix = (typeof REFERENCE_PREFIX)[keyof typeof REFERENCE_PREFIX];

/** 16^10 per prefix and day; Nigeria's have had 8 digits since the wizard's first release, and keep that shape. */
const suffixLength = (prefix: ReferencePrefix) => (prefix === "NGN" ? 8 : 10);

/** `<PREFIX>-<YYYYMMDD>-<hex>`, e.g. EU-20261122-3F9A0C12B4; it follows the one merchantReference rule. */
export function newReference(prefix: ReferencePrefix, now: Date = new Date(), random: (n: number) => Uint8Array = randomBytes): string {
  const day = now.toISOString().slice(0, 10).replaceAll("-", "");
  const suffix = Array.from(random(suffixLength(prefix)), (byte) => DIGITS[byte % DIGITS.length]).join("");
  return `${prefix}-${day}-${suffix}`;
}

function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}
