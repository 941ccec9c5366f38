import "server-only";
import { createHash } from "node:crypto";
import type { Environment } from "@/lib/rails";
import type { WriteRail } from "./rails";

// How every Idempotency-Key is made — the one place to read it.
//
//   <rail>:<environment>:<sha256(reference)>
//
// The key derives from the environment, the rail (one per upstream endpoint)
// and the merchant's own id for the write (merchantReference, or the rail's
// own merchant id field), never from a random value made at send time. So a
// double click, a retry, a refresh, a second tab or a second instance sending
// the same reference reuse the key, and the API replays the first answer
// instead of creating a second payment (§5 rule 4). The reference is reserved
// in the write ledger first (ledger.ts), so two different writes can never
// share one. Hashed so the reference's characters never shape the header.

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

export function idempotencyKey(environment: Environment, rail: WriteRail, reference: string): string {
  return `${rail}:${environment}:${sha256(reference)}`;
}

/** The fingerprint of the exact bytes sent: a reference reused with other bytes is another write. */
export function bodyFingerprint(bytes: string): string {
  return sha256(bytes);
}
