// Also loaded by the audit CLI, run under `tsx --conditions=react-server` (package.json), where "server-only"
// is an empty module. server.ts never loads it.
import "server-only";
import type { Kysely, Selectable } from "kysely";
import type { AuditLogTable, Database } from "../db/schema";
import { entryHash, entryMac, GENESIS_HASH, type AuditContent, type AuditDetails } from "./entry";
import { auditKeyring, type AuditKey } from "./keys";
import { anchorMac, AUDIT_MIN_KEEP_DAYS, keyedFromMac, type Anchor } from "./log";

// Walks the whole chain from its start (the genesis, or where the last prune left it),
// recomputing every entry's hash from its stored fields (an HMAC under the key its key id names,
// or a plain hash before the signed switch point) and checking that it links to the one before;
// then checks each anchor the log gave: signed by AUDIT_KEY, and the entry it names still has the
// hash it signed. Lists every break, not only the first: one forged payout must not hide another.

const BATCH = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;

type ChainBreak = { id: string; reason: string };
export type VerifyReport = {
  /** Entries walked. */
  entries: number;
  /** Anchors checked (0 when any check broke). */
  anchors: number;
  /** Every break, in chain order then the anchors'. */
  breaks: ChainBreak[];
  firstBreak: ChainBreak | null;
};

export type VerifyOptions = {
  anchors?: Anchor[];
  /** AUDIT_KEY first, then the retired keys (AUDIT_RETIRED_KEYS): a rotated key's entries still verify. */
  keys?: string[];
  now?: number;
};

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
export async function verifyChain(db: Kysely<Database>, options: VerifyOptions = {}): Promise<VerifyReport> {
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute((snapshot) => walkChain(snapshot, options));
}

async function walkChain(
  db: Kysely<Database>,
  { anchors = [], keys: secrets = [], now = Date.now() }: VerifyOptions,
): Promise<VerifyReport> {
  const keys = auditKeyring(secrets);
  const base = await db.selectFrom("audit_chain_base").select(["after_id", "prev_hash"]).executeTakeFirst();
  let prev = base?.prev_hash ?? GENESIS_HASH;
  /** The last pruned id: the chain starts after it. */
  const startsAfter = BigInt(base?.after_id ?? 0);
  const switchPoint = await db.selectFrom("audit_keyed_from").selectAll().executeTakeFirst();
  const keyedAfter = switchPoint ? BigInt(switchPoint.after_id) : undefined;
  const breaks: ChainBreak[] = [];
  let switchChecked = switchPoint === undefined || keyedAfter! < startsAfter;
  const checkSwitch = (hashBefore: string) => {
    switchChecked = true;
    const key = keys.get(switchPoint!.key_id);
    if (!key || keyedFromMac(switchPoint!.after_id, hashBefore, key) !== switchPoint!.mac)
      breaks.push({
        id: switchPoint!.after_id,
        reason: "the switch to keyed entries is not signed by a known AUDIT_KEY (moved or forged)",
      });
  };
  if (!switchChecked && keyedAfter === startsAfter) checkSwitch(prev);
  let after = "0";
  let entries = 0;
  const hashes = new Map<string, string>();
  const wanted = new Set(anchors.map((anchor) => anchor.id));
  for (;;) {
    const rows = await db.selectFrom("audit_log").selectAll().where("id", ">", after).orderBy("id").limit(BATCH).execute();
    for (const row of rows) {
      const reason = entryFault(row, prev, keys, keyedAfter);
      if (reason) breaks.push({ id: row.id, reason });
      if (wanted.has(row.id)) hashes.set(row.id, row.hash);
      prev = row.hash;
      entries += 1;
      if (!switchChecked && BigInt(row.id) === keyedAfter) checkSwitch(row.hash);
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)?.id ?? after;
  }
  // The switch names an entry that is not there (deleted, or a point moved past the head).
  if (!switchChecked) checkSwitch(prev);
  for (const anchor of anchors) {
    const reason = anchorFault(anchor, keys, hashes.get(anchor.id), startsAfter, now);
    if (reason) breaks.push({ id: anchor.id, reason });
  }
  return { entries, anchors: breaks.length === 0 ? anchors.length : 0, breaks, firstBreak: breaks[0] ?? null };
}

function entryFault(
  row: Selectable<AuditLogTable>,
  prev: string,
  keys: Map<string, AuditKey>,
  keyedAfter: bigint | undefined,
): string | undefined {
  if (row.prev_hash !== prev) return "does not link to the entry before it";
  const mustBeKeyed = keyedAfter !== undefined && BigInt(row.id) > keyedAfter;
  if (row.key_id === null) {
    if (mustBeKeyed) return "a plain-hash entry after the switch to keyed entries";
    return entryHash(row.prev_hash, contentOf(row)) === row.hash ? undefined : "its content does not match its hash";
  }
  if (!mustBeKeyed) return "a keyed entry before the signed switch to keyed entries";
  const key = keys.get(row.key_id);
  if (!key) return `signed with a key verify was not given (key id ${row.key_id})`;
  return entryMac(key, row.prev_hash, contentOf(row)) === row.hash ? undefined : "its content does not match its hash";
}

function anchorFault(
  anchor: Anchor,
  keys: Map<string, AuditKey>,
  stored: string | undefined,
  startsAfter: bigint,
  now: number,
): string | undefined {
  if (![...keys.values()].some((key) => anchorMac(anchor.id, anchor.hash, key.secret, anchor.at) === anchor.mac))
    return "an anchor not signed by AUDIT_KEY";
  if (stored === undefined && BigInt(anchor.id) <= startsAfter) {
    // At or before the chain's start: pruned for its age, unless its signed time says it was too
    // young for any prune (someone deleted the oldest entries and wrote a chain start to match).
    if (anchor.at !== undefined && Date.parse(anchor.at) > now - AUDIT_MIN_KEEP_DAYS * DAY_MS)
      return `the anchored entry is missing, and it was younger than the trail's ${AUDIT_MIN_KEEP_DAYS} days`;
    return undefined;
  }
  if (stored === undefined) return "the anchored entry is missing";
  if (stored !== anchor.hash) return "the entry differs from what was anchored";
  return undefined;
}
