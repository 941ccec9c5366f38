import "server-only";
import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { Environment } from "@/lib/rails";
import type { WriteKind } from "./write-kinds";

// How every Idempotency-Key is made, the one place to read it: <rail>:<environment>:<sha256(reference)>.
// From the merchant's own id for the write, never a value made at send time, so a double click, a
// retry, a second tab or instance reuse the key and the API replays the first answer (§5 rule 4).
// The reference is reserved in the ledger first, so two writes never share one; hashed so its
// characters never shape the header.

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

export function idempotencyKey(environment: Environment, rail: WriteKind, reference: string): string {
  return `${rail}:${environment}:${sha256(reference)}`;
}

/** The fingerprint of the exact bytes sent: a reference reused with other bytes is another write. */
export function bodyFingerprint(bytes: string): string {
  return sha256(bytes);
}

// A body the ledger must not hold (the virtual account's BVN, date of birth, names, phone and
// email) must not be recoverable from its stored fingerprint either: a plain SHA-256 of six fields
// of which five are known or guessable leaves only the 11-digit BVN to try, 10^11 hashes, minutes
// on one GPU. So such a body is stored as a salted scrypt (~30 ms and 16 MB a try, which makes the
// same search take ages), with no secret to rotate or lose: "scrypt:<salt>:<hash>".
const SCRYPT = { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

const scryptOf = (bytes: string, salt: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) => scrypt(bytes, salt, 32, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))));

/** What the ledger stores as a personal body's fingerprint (a fresh salt each time). */
export async function personalBodyFingerprint(bytes: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt:${salt.toString("base64url")}:${(await scryptOf(bytes, salt)).toString("base64url")}`;
}

/** Whether `bytes` are the body a stored fingerprint was made of, either kind. */
export async function sameBody(stored: string, bytes: string): Promise<boolean> {
  if (!stored.startsWith("scrypt:")) return stored === bodyFingerprint(bytes);
  const [, salt = "", hash = ""] = stored.split(":");
  const expected = Buffer.from(hash, "base64url");
  const actual = await scryptOf(bytes, Buffer.from(salt, "base64url"));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
