// Also loaded by the users and audit CLIs and the bench's scripts, all run under `tsx --conditions=react-server`
// (package.json, scripts/bench/processes.ts), where "server-only" is an empty module. server.ts never loads it.
import "server-only";
import { createHmac } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema";
import { entryHash, GENESIS_HASH, toContent, type AuditContent, type AuditInput } from "./entry";
import { redactDetails } from "./redact";

// Appending to the audit trail. Every append from every instance takes one transaction-scoped
// advisory lock, reads the head's hash, and inserts the entry chained to it, so the chain
// never forks however many instances append at once.
//
// Anchors: a chain kept in the database proves nothing against whoever owns the database,
// so every ANCHOR_EVERY appends (and on shutdown) the head is signed with AUDIT_KEY, which is
// not in the database, and written to the log, where `npm run audit -- verify` can check it.

/** pg_advisory_xact_lock's key for the audit chain ("audit" in ASCII). */
const AUDIT_LOCK = 0x6175646974;
export const ANCHOR_EVERY = 100;
/** Where the chain starts after a prune (written by audit_prune, migration 0008). */
export const CHAIN_BASE_KEY = "audit_chain_base";

/** The trail's floor: audit_prune (migrations 0008, 0014) refuses to take an entry younger than this. */
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

export type AuditLogOptions = {
  /** AUDIT_KEY; without it (the users CLI) nothing is anchored here, and the app's next anchor covers these entries. */
  anchorKey?: string;
  /** Writes an anchor line to the log. */
  onAnchor?: (anchor: Anchor) => void;
  /** An entry's time; by default the database's clock (tests date entries into the past with it). */
  now?: () => Date;
};

export type AuditLog = {
  append(input: AuditInput): Promise<{ id: string; hash: string }>;
  /** Signs the current head now (shutdown); null when the trail is empty or no key was given. */
  anchor(): Promise<Anchor | null>;
};

/** An entry as the table's row (the bench seeds rows with it, chained as append() chains them). */
export function auditRow(content: AuditContent, prevHash: string, hash: string) {
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
  };
}

type Head = { id: string; hash: string; at: Date } | undefined;

async function chainBase(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", CHAIN_BASE_KEY).executeTakeFirst();
  const prevHash = (row?.value as { prevHash?: unknown } | undefined)?.prevHash;
  return typeof prevHash === "string" ? prevHash : GENESIS_HASH;
}

async function head(db: Kysely<Database>): Promise<Head> {
  return db.selectFrom("audit_log").select(["id", "hash", "at"]).orderBy("id", "desc").limit(1).executeTakeFirst();
}

/**
 * Inside a transaction: takes the chain's lock (held until the transaction ends), then reads in
 * one statement the hash the next entry chains to and the entry's time. The time is the
 * database's clock, read under the lock: one clock for every instance, so the entries' times rise
 * with their ids, and an instance whose clock is wrong cannot date an entry into the past (where a
 * prune would take it, and every entry before it).
 */
async function lockedHead(trx: Transaction<Database>): Promise<{ prevHash: string; now: Date }> {
  await sql`select pg_advisory_xact_lock(${AUDIT_LOCK}::bigint)`.execute(trx);
  const { rows } = await sql<{ hash: string | null; now: Date }>`
    select (select hash from audit_log order by id desc limit 1) as hash, clock_timestamp() as now`.execute(trx);
  const { hash, now } = rows[0]!;
  return { prevHash: hash ?? (await chainBase(trx)), now: new Date(now) };
}

/** The chain's lock and the hash the next entry chains to (the bench's seeding chains rows with it). */
export async function lockChainHead(trx: Transaction<Database>): Promise<string> {
  return (await lockedHead(trx)).prevHash;
}

/**
 * Appends an entry inside the caller's transaction (which then holds the chain's lock until it
 * ends): a change and its entry commit together or not at all (the users CLI). Not anchored here;
 * the app's next anchor covers it.
 */
export async function appendInTransaction(trx: Transaction<Database>, input: AuditInput, at?: Date) {
  const { prevHash, now } = await lockedHead(trx);
  const content = toContent({ ...input, details: redactDetails(input.details ?? {}) }, at ?? now);
  const hash = entryHash(prevHash, content);
  return trx
    .insertInto("audit_log")
    .values(auditRow(content, prevHash, hash))
    .returning(["id", "hash", "at"])
    .executeTakeFirstOrThrow();
}

export function createAuditLog(db: Kysely<Database>, options: AuditLogOptions = {}): AuditLog {
  const { anchorKey, onAnchor, now } = options;
  let sinceAnchor = 0;

  const sign = (top: { id: string; hash: string; at: Date }): Anchor | null => {
    if (!anchorKey) return null;
    const at = new Date(top.at).toISOString();
    const anchor = { id: top.id, hash: top.hash, at, mac: anchorMac(top.id, top.hash, anchorKey, at) };
    onAnchor?.(anchor);
    return anchor;
  };

  return {
    async append(input) {
      const written = await db.transaction().execute((trx) => appendInTransaction(trx, input, now?.()));
      sinceAnchor += 1;
      if (sinceAnchor >= ANCHOR_EVERY) {
        sinceAnchor = 0;
        sign(written);
      }
      return written;
    },
    async anchor() {
      const top = await head(db);
      return top ? sign(top) : null;
    },
  };
}
