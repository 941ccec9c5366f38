// A fresh merchantReference for each payout attempt. The Idempotency-Key derives
// from it (lib/server/idempotency.ts), so a new reference means a new payout.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O or 1/I: read aloud on support calls

export function generateMerchantReference(now: Date = new Date(), random: (n: number) => Uint8Array = randomBytes): string {
  const date = now.toISOString().slice(0, 10).replace(/-/g, "");
  const suffix = Array.from(random(8), (byte) => ALPHABET[byte % ALPHABET.length]).join("");
  return `NGN-${date}-${suffix}`;
}

function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

/** A random id for a provisioning attempt's Idempotency-Key (not personal data). */
export function generateAttemptKey(): string {
  return crypto.randomUUID();
}
