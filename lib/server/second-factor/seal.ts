import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// TOTP secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from MFA_ENCRYPTION_KEY,
// its own variable so that rotating SESSION_SECRET does not void enrolments. The account's
// email is the additional data: a sealed secret moved to another account's row does not open.
// Format: "v1.<iv>.<ciphertext and tag>", base64url.

const VERSION = "v1";

function keyOf(encryptionKey: string): Buffer {
  return Buffer.from(hkdfSync("sha256", encryptionKey, "merchant-console", "totp-secret v1", 32));
}

export function sealTotpSecret(secret: Uint8Array, email: string, encryptionKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(encryptionKey), iv).setAAD(Buffer.from(email));
  const body = Buffer.concat([cipher.update(secret), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, iv.toString("base64url"), body.toString("base64url")].join(".");
}

/** Throws on a wrong key, another account's secret, or a damaged value. */
export function openTotpSecret(sealed: string, email: string, encryptionKey: string): Uint8Array {
  const [version, iv, body] = sealed.split(".");
  if (version !== VERSION || !iv || !body) throw new Error("Not a sealed TOTP secret.");
  const bytes = Buffer.from(body, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(encryptionKey), Buffer.from(iv, "base64url")).setAAD(Buffer.from(email));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]));
}
