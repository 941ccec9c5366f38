// Also loaded by the users and audit CLIs and the bench's scripts, all run under `tsx --conditions=react-server`
// (package.json, scripts/bench/processes.ts), where "server-only" is an empty module. server.ts never loads it.
import "server-only";
import { createHash, createHmac } from "node:crypto";
import type { Environment } from "@/lib/rails";
import type { AuditKey } from "./keys";

// One audit entry: what is recorded, and how its hash is made. The hash covers the previous
// entry's hash and every recorded field in a canonical form (keys sorted, times as ISO
// strings to the millisecond), so changing, removing or reordering any entry breaks the chain
// from there on. It is an HMAC under AUDIT_KEY (entryMac): a plain SHA-256 (entryHash, the
// entries from before migration 0018) could be recomputed by anyone able to write the table.

export const GENESIS_HASH = "0".repeat(64);

export type AuditActor =
  | { kind: "staff"; id: string; email: string; role: string }
  /** Someone not signed in (a failed sign-in): only what they typed, as an HMAC. */
  | { kind: "anonymous" }
  /** The users CLI, run by this operating-system user. */
  | { kind: "cli"; id: string }
  /** A job acting for someone (approvals, later). */
  | { kind: "job"; id: string; email?: string; role?: string };

export type AuditDetails = Record<string, string | number | boolean | null | string[]>;

export type AuditInput = {
  actor: AuditActor;
  environment?: Environment | null;
  /** What happened, e.g. "sign_in", "money_write.outcome", "webhook.change". */
  action: string;
  targetIds?: string[];
  merchantReference?: string | null;
  idempotencyKey?: string | null;
  requestId?: string | null;
  clientAddress?: string | null;
  /** How it ended: "ok", "refused", an error code, a write state. */
  result: string;
  details?: AuditDetails;
};

/** An entry as stored, without its database id. */
export type AuditContent = {
  at: string;
  actorKind: AuditActor["kind"];
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  environment: string | null;
  action: string;
  targetIds: string[];
  merchantReference: string | null;
  idempotencyKey: string | null;
  requestId: string | null;
  clientAddress: string | null;
  result: string;
  details: AuditDetails;
};

/**
 * Postgres refuses a NUL in text and jsonb, so one in a value the API gave (a URL, an id) would
 * stop an entry from being written at all: it is stored as U+FFFD, which shows where it was.
 */
const NUL = /\u0000/g;
const storable = <T>(value: T): T =>
  (typeof value === "string"
    ? value.replace(NUL, "\uFFFD")
    : Array.isArray(value)
      ? value.map(storable)
      : value !== null && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [storable(key), storable(item)]))
        : value) as T;

export function toContent(input: AuditInput, at: Date): AuditContent {
  return storable(contentOf(input, at));
}

function contentOf(input: AuditInput, at: Date): AuditContent {
  const { actor } = input;
  return {
    at: at.toISOString(),
    actorKind: actor.kind,
    actorId: "id" in actor ? actor.id : null,
    actorEmail: "email" in actor ? (actor.email ?? null) : null,
    actorRole: "role" in actor ? (actor.role ?? null) : null,
    environment: input.environment ?? null,
    action: input.action,
    targetIds: input.targetIds ?? [],
    merchantReference: input.merchantReference ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
    requestId: input.requestId ?? null,
    clientAddress: input.clientAddress ?? null,
    result: input.result,
    details: input.details ?? {},
  };
}

/** JSON with every object's keys sorted: the same bytes whatever order a value was built (or jsonb stored it) in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The plain hash of the entries written before migration 0018 (no key id): verify still checks them. */
export function entryHash(prevHash: string, content: AuditContent): string {
  return createHash("sha256").update(prevHash).update("\n").update(canonicalJson(content)).digest("hex");
}

/** A keyed entry's hash: the key's id is inside what is signed, so it cannot be swapped. */
export function entryMac(key: AuditKey, prevHash: string, content: AuditContent): string {
  return createHmac("sha256", key.secret).update(`audit-entry:${key.id}\n${prevHash}\n`).update(canonicalJson(content)).digest("hex");
}
