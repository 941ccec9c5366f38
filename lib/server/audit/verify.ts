// Also loaded by the audit CLI, run under `tsx --conditions=react-server` (package.json), where "server-only"
// is an empty module. server.ts never loads it.
import "server-only";
import type { Kysely, Selectable } from "kysely";
import type { AuditLogTable, Database } from "../db/schema";
import { entryHash, GENESIS_HASH, type AuditContent, type AuditDetails } from "./entry";
import { anchorMac, AUDIT_MIN_KEEP_DAYS, CHAIN_BASE_KEY, type Anchor } from "./log";

// Walks the chain from its start (the genesis, or where the last prune left it), recomputing
// every entry's hash from its stored fields and checking that it links to the one before;
// then checks each anchor the log gave: signed by AUDIT_KEY, and the entry it names still
// has the hash it signed. Names the first entry that breaks.

const BATCH = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ChainBreak = { id: string; reason: string };
export type VerifyReport = { entries: number; anchors: number; firstBreak: ChainBreak | null };

function contentOf(row: Selectable<AuditLogTable>): AuditContent {
  return {
    at: row.at.toISOString(),
    actorKind: row.actor_kind as AuditContent["actorKind"],
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    actorRole: row.actor_role,
    environment: row.environment,
    action: row.action,
    targetIds: row.target_ids,
    merchantReference: row.merchant_reference,
    idempotencyKey: row.idempotency_key,
    requestId: row.request_id,
    clientAddress: row.client_address,
    result: row.result,
    details: row.details as AuditDetails,
  };
}

/** Anchor lines from the JSON log: the lines whose message is "audit anchor". */
export function anchorsFromLog(text: string): Anchor[] {
  const anchors: Anchor[] = [];
  for (const line of text.split("\n")) {
    if (!line.includes('"audit anchor"')) continue;
    try {
      const { id, hash, mac, at } = JSON.parse(line) as Partial<Anchor>;
      if (typeof id === "string" && typeof hash === "string" && typeof mac === "string")
        anchors.push(typeof at === "string" ? { id, hash, mac, at } : { id, hash, mac });
    } catch {
      // Not a JSON line: not ours.
    }
  }
  return anchors;
}

/**
 * Every read in one snapshot (repeatable read, read only): a prune committed between reading the
 * chain's start and reading its first entries made a sound chain read as broken ("does not link to
 * the entry before it"), and one between two batches could too.
 */
export async function verifyChain(
  db: Kysely<Database>,
  options: { anchors?: Anchor[]; key?: string; now?: number } = {},
): Promise<VerifyReport> {
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute((snapshot) => walkChain(snapshot, options));
}

async function walkChain(
  db: Kysely<Database>,
  { anchors = [], key, now = Date.now() }: { anchors?: Anchor[]; key?: string; now?: number },
): Promise<VerifyReport> {
  const base = await db.selectFrom("app_meta").select("value").where("key", "=", CHAIN_BASE_KEY).executeTakeFirst();
  const chainStart = base?.value as { prevHash?: string; afterId?: number | string } | undefined;
  let prev = chainStart?.prevHash ?? GENESIS_HASH;
  /** The last pruned id: the chain starts after it. */
  const startsAfter = BigInt(chainStart?.afterId ?? 0);
  let after = "0";
  let entries = 0;
  const hashes = new Map<string, string>();
  const wanted = new Set(anchors.map((anchor) => anchor.id));
  for (;;) {
    const rows = await db.selectFrom("audit_log").selectAll().where("id", ">", after).orderBy("id").limit(BATCH).execute();
    for (const row of rows) {
      if (row.prev_hash !== prev)
        return { entries, anchors: 0, firstBreak: { id: row.id, reason: "does not link to the entry before it" } };
      if (entryHash(row.prev_hash, contentOf(row)) !== row.hash)
        return { entries, anchors: 0, firstBreak: { id: row.id, reason: "its content does not match its hash" } };
      if (wanted.has(row.id)) hashes.set(row.id, row.hash);
      prev = row.hash;
      entries += 1;
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)?.id ?? after;
  }
  for (const anchor of anchors) {
    if (!key || anchorMac(anchor.id, anchor.hash, key, anchor.at) !== anchor.mac)
      return { entries, anchors: 0, firstBreak: { id: anchor.id, reason: "an anchor not signed by AUDIT_KEY" } };
    const stored = hashes.get(anchor.id);
    if (stored === undefined && BigInt(anchor.id) <= startsAfter) {
      // At or before the chain's start: pruned for its age, unless its signed time says it was too
      // young for any prune (someone deleted the oldest entries and wrote a chain start to match).
      if (anchor.at !== undefined && Date.parse(anchor.at) > now - AUDIT_MIN_KEEP_DAYS * DAY_MS)
        return {
          entries,
          anchors: 0,
          firstBreak: {
            id: anchor.id,
            reason: `the anchored entry is missing, and it was younger than the trail's ${AUDIT_MIN_KEEP_DAYS} days`,
          },
        };
      continue;
    }
    if (stored === undefined) return { entries, anchors: 0, firstBreak: { id: anchor.id, reason: "the anchored entry is missing" } };
    if (stored !== anchor.hash)
      return { entries, anchors: 0, firstBreak: { id: anchor.id, reason: "the entry differs from what was anchored" } };
  }
  return { entries, anchors: anchors.length, firstBreak: null };
}
