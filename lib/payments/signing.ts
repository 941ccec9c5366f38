import "server-only";
import { createHmac } from "node:crypto";

/**
 * §5: X-Service-Timestamp is unix seconds; a millisecond value falls outside the replay window.
 * @internal
 */
export function unixSeconds(nowMs: number): string {
  return String(Math.floor(nowMs / 1000));
}

/**
 * Lowercase hex HMAC-SHA256 of `${timestamp}.${body}` (§5 rule 1). The body is
 * taken as the exact bytes that go on the wire; a GET signs `${timestamp}.`.
 * @internal
 */
export function signPayload(apiSecret: string, timestamp: string, body: Uint8Array = new Uint8Array()): string {
  return createHmac("sha256", apiSecret).update(`${timestamp}.`, "utf8").update(body).digest("hex");
}

interface SigningInput {
  apiKey: string;
  apiSecret: string;
  body: Uint8Array | undefined;
  nowMs: number;
}

/** Headers made at send time, never cached (§5 rule 3): each attempt calls this again. */
export function authHeaders({ apiKey, apiSecret, body, nowMs }: SigningInput): Record<string, string> {
  const timestamp = unixSeconds(nowMs);
  return {
    "X-Service-Key": apiKey,
    "X-Service-Timestamp": timestamp,
    "X-Service-Signature": signPayload(apiSecret, timestamp, body),
  };
}
