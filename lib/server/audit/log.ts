// Also loaded by the users and audit CLIs and the bench's scripts, all run under `tsx --conditions=react-server`
// (package.json, scripts/bench/processes.ts), where "server-only" is an empty module. server.ts never loads it.
import "server-only";
import { createHmac } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema";
import { entryMac, GENESIS_HASH, toContent, type AuditContent, type AuditInput } from "./entry";
import { auditKey, type AuditKey } from "./keys";
import { redactDetails } from "./redact";

// Appending to the audit trail: each append takes one advisory lock, reads the head and chains the
// entry to it (an HMAC under AUDIT_KEY), so the chain never forks across instances. A chain in the
// database proves nothing against its owner, so the head is also signed into the log (an anchor)
// at most every ANCHOR_EVERY_MS and at shutdown (docs/decisions/0051, 0108, 0127).

/** pg_advisory_xact_lock's key for the audit chain ("audit" in ASCII). */
const AUDIT_LOCK = 0x6175646974;
/** @internal */
export const ANCHOR_EVERY_MS = 1_000;

/** The trail's floor: audit_prune (migrations 0008, 0014, 0017) refuses to take an entry younger than this. */
export const AUDIT_MIN_KEEP_DAYS = 400;

/**
 * The head, signed. `at` is the anchored entry's time, signed with it (anchors written before it
 * was added have none): verify can then tell an entry pruned for its age from one deleted with a
 * forged chain start.
 */
export type Anchor = { id: string; hash: string; mac: string; at?: string };

export function anchorMac(id: string, hash: string, key: string, at?: string): string {
  return createHmac("sha256", key)
    .update(at === undefined ? `audit-anchor:${id}:${hash}` : `audit-anchor:${id}:${hash}:${at}`)
    .digest("hex");
}

/** The switch point's signature (migration 0018): the first keyed entry follows `afterId`, whose hash is `prevHash`. */
export function keyedFromMac(afterId: string, prevHash: string, key: AuditKey): string {
  return createHmac("sha256", key.secret).update(`audit-keyed-from:${key.id}:${afterId}:${prevHash}`).digest("hex");
}

export type AuditLogOptions = {
  /** AUDIT_KEY: chains every entry, and signs the anchors. */
  key: string;
  /** Writes an anchor line to the log; without it (the CLIs) nothing is anchored here, and the app's next anchor covers these entries. */
  onAnchor?: (anchor: Anchor) => void;
  /** A failed anchor after an append (the append itself has committed). */
  onAnchorError?: (err: unknown) => void;
  /** An entry's time; by default the database's clock (tests date entries into the past with it). */
  now?: () => Date;
};

export type AuditLog = {
  append(input: AuditInput): Promise<{ id: string; hash: string }>;
  /** Signs the current head now (shutdown); null when the trail is empty. Cancels an anchor still waiting. */
  anchor(): Promise<Anchor | null>;
};

/** An entry as the table's row (the bench seeds rows with it, chained as append() chains them). */
export function auditRow(content: AuditContent, prevHash: string, hash: string, keyId: string | null) {
  return {
    at: content.at,
    actor_kind: content.actorKind,
    actor_id: content.actorId,
    actor_email: content.actorEmail,
    actor_role: content.actorRole,
    environment: content.environment,
    action: content.action,
    target_ids: content.targetIds,
    merchant_reference: content.merchantReference,
    idempotency_key: content.idempotencyKey,
    request_id: content.requestId,
    client_address: content.clientAddress,
    result: content.result,
    details: JSON.stringify(content.details),
    prev_hash: prevHash,
    hash,
    key_id: keyId,
  };
}

type Head = { id: string; hash: string; at: Date } | undefined;

async function head(db: Kysely<Database>): Promise<Head> {
  return db.selectFrom("audit_log").select(["id", "hash", "at"]).orderBy("id", "desc").limit(1).executeTakeFirst();
}

type LockedHead = { prevHash: string; now: Date; headId: string; keyed: boolean };

/**
 * In a transaction: takes the chain's lock, then reads in one statement the entry to chain to (or
 * the start after a prune), whether keyed entries are recorded, and the time. The database's clock
 * under the lock: times rise with ids, and a wrong instance clock cannot date an entry into a prune.
 */
async function lockedHead(trx: Transaction<Database>): Promise<LockedHead> {
  await sql`select pg_advisory_xact_lock(${AUDIT_LOCK}::bigint)`.execute(trx);
  const { rows } = await sql<{ id: string | null; hash: string | null; keyed: boolean; now: Date }>`
    select coalesce((select id from audit_log order by id desc limit 1), (select after_id from audit_chain_base), 0)::text as id,
      coalesce((select hash from audit_log order by id desc limit 1), (select prev_hash from audit_chain_base)) as hash,
      exists (select from audit_keyed_from) as keyed,
      clock_timestamp() as now`.execute(trx);
  const row = rows[0]!;
  return { prevHash: row.hash ?? GENESIS_HASH, headId: row.id ?? "0", keyed: row.keyed, now: new Date(row.now) };
}

/**
 * The chain's lock and the hash the next entry chains to (the bench's seeding chains rows with
 * it), with the switch to keyed entries recorded if this is the first.
 */
export async function lockChainHead(trx: Transaction<Database>, key: AuditKey): Promise<string> {
  const head = await lockedHead(trx);
  if (!head.keyed) await recordKeyedFrom(trx, head, key);
  return head.prevHash;
}

/** The first keyed entry's append signs where the plain-hash entries end (migration 0018). */
async function recordKeyedFrom(trx: Transaction<Database>, head: LockedHead, key: AuditKey): Promise<void> {
  await trx
    .insertInto("audit_keyed_from")
    .values({ after_id: head.headId, key_id: key.id, mac: keyedFromMac(head.headId, head.prevHash, key) })
    .execute();
}

/**
 * Appends an entry inside the caller's transaction (which then holds the chain's lock until it
 * ends): a change and its entry commit together or not at all (the users CLI). Not anchored here;
 * the app's next anchor covers it. `key` is AUDIT_KEY.
 */
export async function appendInTransaction(trx: Transaction<Database>, input: AuditInput, key: string, at?: Date) {
  const signing = auditKey(key);
  const head = await lockedHead(trx);
  if (!head.keyed) await recordKeyedFrom(trx, head, signing);
  const content = toContent({ ...input, details: redactDetails(input.details ?? {}) }, at ?? head.now);
  const hash = entryMac(signing, head.prevHash, content);
  return trx
    .insertInto("audit_log")
    .values(auditRow(content, head.prevHash, hash, signing.id))
    .returning(["id", "hash", "at"])
    .executeTakeFirstOrThrow();
}

export function createAuditLog(db: Kysely<Database>, options: AuditLogOptions): AuditLog {
  const { key, onAnchor, onAnchorError, now } = options;
  let lastAnchorAt = Number.NEGATIVE_INFINITY;
  let waiting: ReturnType<typeof setTimeout> | undefined;

  const sign = (top: { id: string; hash: string; at: Date }): Anchor => {
    lastAnchorAt = Date.now();
    const at = new Date(top.at).toISOString();
    const anchor = { id: top.id, hash: top.hash, at, mac: anchorMac(top.id, top.hash, key, at) };
    onAnchor?.(anchor);
    return anchor;
  };
  const signHead = async (): Promise<Anchor | null> => {
    const top = await head(db);
    return top ? sign(top) : null;
  };

  /** After a commit: the entry at once if the last anchor is a second old, else the head at the second's end. */
  const anchorAfterCommit = (written: { id: string; hash: string; at: Date }) => {
    if (!onAnchor || waiting) return;
    const wait = lastAnchorAt + ANCHOR_EVERY_MS - Date.now();
    if (wait <= 0) {
      sign(written);
      return;
    }
    waiting = setTimeout(() => {
      waiting = undefined;
      signHead().catch((err: unknown) => onAnchorError?.(err));
    }, wait);
    waiting.unref();
  };

  return {
    async append(input) {
      const written = await db.transaction().execute((trx) => appendInTransaction(trx, input, key, now?.()));
      anchorAfterCommit(written);
      return written;
    },
    async anchor() {
      clearTimeout(waiting);
      waiting = undefined;
      return signHead();
    },
  };
}
