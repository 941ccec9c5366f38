// Also loaded by the users and audit CLIs and the bench's scripts (see log.ts).
import "server-only";
import { createHash } from "node:crypto";

// AUDIT_KEY chains the entries (an HMAC each) and signs the anchors. Each entry names its key by
// an id, a hash of the key that says nothing of it, so a rotated key's entries still verify: verify
// takes the current key and the retired ones (AUDIT_RETIRED_KEYS).

export type AuditKey = { id: string; secret: string };

export function auditKey(secret: string): AuditKey {
  return { id: createHash("sha256").update("merchant-console audit key id\n").update(secret).digest("hex").slice(0, 16), secret };
}

/** The keys verify accepts, by id: the current one and the retired ones. */
export function auditKeyring(secrets: string[]): Map<string, AuditKey> {
  return new Map(secrets.map((secret) => auditKey(secret)).map((key) => [key.id, key]));
}
