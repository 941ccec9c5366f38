import "server-only";
import { createHash } from "node:crypto";
import type { Environment } from "@/lib/rails";

// Idempotency-Keys the BFF derives itself, so the browser cannot choose one that
// collides with another write, and the same logical write always gets the same key.

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

/**
 * For writes that carry the merchant's own id (a payout's merchantReference):
 * `<scope>:<environment>:<sha256(reference)>`. A double click, a retry, a
 * refresh or a second tab sending the same reference reuse the key, and the API
 * replays the first answer instead of creating a second payout (§5 rule 4).
 * Hashed so that the reference's characters never shape the header.
 */
export function referenceIdempotencyKey(scope: string, environment: Environment, reference: string): string {
  return `${scope}:${environment}:${sha256(reference)}`;
}

/** For writes without a merchant id (provisioning): the browser's random attempt id, namespaced per environment. */
export function attemptIdempotencyKey(scope: string, environment: Environment, attemptKey: string): string {
  return `${scope}:${environment}:${attemptKey}`;
}
