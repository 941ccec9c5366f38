// Also loaded by the users and audit CLIs and the bench's scripts, all run under `tsx --conditions=react-server`
// (package.json, scripts/bench/processes.ts), where "server-only" is an empty module. server.ts never loads it.
import "server-only";
import { createHmac } from "node:crypto";
import type { AuditDetails } from "./entry";

// What an audit entry must never hold: a password, a secret, a BVN, a date of birth, a full
// account number. Callers pass only operational fields; this is the net under them, applied
// to every entry's details before it is hashed and stored.

const NEVER = /pass(word)?|secret|token|bvn|birth|dob|otp/i;
const ACCOUNT = /account.?number|iban|nuban|pan$/i;

/** "0123456789" → "******6789": enough to tell accounts apart, not to use one. */
function maskAccount(value: string): string {
  const visible = value.slice(-4);
  return `${"*".repeat(Math.max(0, value.length - visible.length))}${visible}`;
}

export function redactDetails(details: AuditDetails): AuditDetails {
  const safe: AuditDetails = {};
  for (const [key, value] of Object.entries(details)) {
    if (NEVER.test(key)) safe[key] = "[withheld]";
    else if (ACCOUNT.test(key) && typeof value === "string") safe[key] = maskAccount(value);
    else safe[key] = value;
  }
  return safe;
}

/**
 * What someone typed as an email that matches no account: people type passwords into the
 * email box, so the text is never stored, only its HMAC under the audit key (equal inputs
 * give equal values, so repeated attempts can still be told apart from one another).
 */
export function typedEmailHmac(typed: string, key: string): string {
  return createHmac("sha256", key).update(typed.trim().toLowerCase()).digest("hex");
}
