import "server-only";
import type { Environment } from "@/lib/rails";
import type { WriteSummary } from "./summary";
import type { WriteKind } from "./write-kinds";

// The write ledger: one record per money write, reserved before anything is sent.
// A reference is unique per environment and rail, so two writes can never share
// one (and so never share an Idempotency-Key). This module holds the contract and
// a process-memory implementation; the durable one (pg-ledger.ts, the app's) implements
// the same interface, so the pipeline does not change when the store does.

/**
 * - intent: reserved, nothing sent yet
 * - sent: the request is on its way; its answer is not in
 * - answered: the API created it (transactionId known)
 * - failed: the API refused it for good (a refusal it stores for replay); a new attempt needs a new reference
 * - unknown: no answer, or a 5xx, after a send that may have committed; "check again" re-sends the same bytes
 * - held: a policy holds it for a second person's approval (approvals.ts): the reference is reserved, nothing
 *   is sent, the reconciler never touches it; approval sends its bytes, a rejection or expiry makes it failed
 */
export type WriteState = "intent" | "sent" | "answered" | "failed" | "unknown" | "held";

export type WriteActor = { id: string; email: string; role: string };

export type WriteRecord = {
  environment: Environment;
  rail: WriteKind;
  reference: string;
  idempotencyKey: string;
  fingerprint: string;
  actor: WriteActor;
  createdAt: Date;
  updatedAt: Date;
  /**
   * How long the row had gone untouched when it was read, by the store's own clock (the
   * database's, one for every instance): whether a write may still be in flight is decided on
   * it, never on this process's clock against `updatedAt`, which another clock stamped.
   */
  quietMs: number;
  state: WriteState;
  upstreamStatus: number | null;
  /** Our error code for a failed or unknown write (insufficient_balance, upstream_error …). */
  code: string | null;
  transactionId: string | null;
  /** The exact request bytes while the write is unresolved, so "check again" can replay them; dropped once resolved. */
  requestBody: string | null;
};

export type WriteIntent = Pick<
  WriteRecord,
  "environment" | "rail" | "reference" | "idempotencyKey" | "fingerprint" | "actor" | "requestBody"
> & {
  /**
   * The caller sends at once: a new row is committed as `sent` in the same statement that
   * reserves it (one round trip fewer). It is still committed before anything is sent; a
   * write that waits (an approval, later) is reserved as `intent`.
   */
  sending?: boolean;
  /** The write's masked summary (summary.ts), kept beside a newly reserved row; null when the rail has none. */
  summary?: WriteSummary | null;
  /** A policy holds it for approval: a new row is reserved as `held` (nothing is sent until approved). */
  holding?: boolean;
};

export type WriteOutcome =
  | { state: "sent" }
  /** transactionId is null only for a rail whose answer may carry no id (the virtual account). */
  | {
      state: "answered";
      transactionId: string | null;
      upstreamStatus: number | null;
      /** The NGN payout `reference` the API assigned, when the answer carries one: kept in the write's summary. */
      payoutReference?: string | null;
    }
  | { state: "failed"; code: string; upstreamStatus: number }
  | { state: "unknown"; code: string; upstreamStatus: number | null };

/** Our code on a write whose send stopped before its answer came (its process died, or a re-send was refused before the API looked): the upstream did not say. */
export const INTERRUPTED = "interrupted";

/** A resolution the reconciler (or a lookup) may record for a write no live process is sending. */
export type WriteSettlement = Extract<WriteOutcome, { state: "answered" | "unknown" }>;

/** The process that moves a write to intent or sent: its instance (stable across restarts) and this boot of it. */
export type WriteOwner = { instanceId: string; bootId: string };

export type UnresolvedQuery = {
  /** This process: rows its instance left under another boot are certainly abandoned. */
  owner: WriteOwner;
  /** Rows of any process untouched for this long are abandoned too (longer than any send can last). */
  graceMs: number;
  /** At most this many, least recently touched first. */
  limit: number;
};

export interface WriteLedger {
  /** Reserves the reference, or returns the record that already holds it (`created: false`). */
  reserve(intent: WriteIntent): Promise<{ record: WriteRecord; created: boolean }>;
  /**
   * Records what became of a write. A resolved write (answered, failed) drops its request bytes.
   * An answered write stays answered: any other outcome leaves it as it is (a replay that failed,
   * a send whose lookup elsewhere found it meanwhile), and the row is returned as it stands.
   * A write's transaction id, once known, stays: a later answer without one never erases it.
   */
  record(environment: Environment, rail: WriteKind, reference: string, outcome: WriteOutcome): Promise<WriteRecord>;
  /** Frees a reference that the API never stored (a body it refused before keeping it), so a corrected body may reuse it. */
  release(environment: Environment, rail: WriteKind, reference: string): Promise<void>;
  find(environment: Environment, rail: WriteKind, reference: string): Promise<WriteRecord | undefined>;
  /** The write the API named `transactionId` (a status page's merchant reference, when the answer has none). */
  findByTransaction(environment: Environment, rail: WriteKind, transactionId: string): Promise<WriteRecord | undefined>;
  /**
   * Writes left in intent or sent that no live process is sending (see UnresolvedQuery), for the
   * reconciler: those whose lookup never failed first (oldest change first), then the others,
   * longest since their lookup failed first.
   */
  unresolved(environment: Environment, query: UnresolvedQuery): Promise<WriteRecord[]>;
  /** The reconciler's lookup of this unresolved write failed now: it goes after the others (changes nothing else). */
  lookupFailed(seen: WriteRecord): Promise<void>;
  /**
   * Records a resolution only if the write is still exactly as `seen` (intent or sent, not
   * touched since), so a reconciler never overwrites what a live send recorded meanwhile.
   * Undefined when it moved on.
   */
  settle(seen: WriteRecord, outcome: WriteSettlement): Promise<WriteRecord | undefined>;
  /**
   * Marks the write `sent` by this process for one more send, only if it is still exactly as
   * `seen` and not answered: of two requests re-sending one write at once, one claims it and the
   * other is refused. Undefined when it moved on.
   */
  claim(seen: WriteRecord): Promise<WriteRecord | undefined>;
}

const UNRESOLVED: ReadonlySet<WriteState> = new Set(["intent", "sent"]);

const RESOLVED: ReadonlySet<WriteState> = new Set(["answered", "failed"]);

/** In process memory: one process, lost on restart. For unit tests and the bench; the app uses PgWriteLedger (pg-ledger.ts). */
export class MemoryWriteLedger implements WriteLedger {
  private readonly records = new Map<string, WriteRecord>();
  /** Who last moved each record to intent or sent (the table's instance_id and boot_id). */
  private readonly owners = new Map<string, WriteOwner | null>();
  /** When the reconciler's lookup of each record last failed (the table's lookup_failed_at). */
  private readonly lookupFailures = new Map<string, number>();

  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly owner: WriteOwner | null = null,
  ) {}

  /** A copy as read now: its quiet time by this ledger's clock, as the database gives it by its own. */
  private read(record: WriteRecord): WriteRecord {
    return { ...record, quietMs: this.now().getTime() - record.updatedAt.getTime() };
  }

  private static id(environment: Environment, rail: WriteKind, reference: string): string {
    return `${environment}\u0000${rail}\u0000${reference}`;
  }

  reserve(intent: WriteIntent): Promise<{ record: WriteRecord; created: boolean }> {
    const id = MemoryWriteLedger.id(intent.environment, intent.rail, intent.reference);
    const existing = this.records.get(id);
    if (existing) return Promise.resolve({ record: this.read(existing), created: false });
    const at = this.now();
    // The summary is the Postgres ledger's (money_write_summaries); this one keeps none.
    const { sending, holding, summary: _summary, ...fields } = intent;
    const record: WriteRecord = {
      ...fields,
      createdAt: at,
      updatedAt: at,
      quietMs: 0,
      state: holding ? "held" : sending ? "sent" : "intent",
      upstreamStatus: null,
      code: null,
      transactionId: null,
    };
    this.records.set(id, record);
    this.owners.set(id, this.owner);
    return Promise.resolve({ record: { ...record }, created: true });
  }

  record(environment: Environment, rail: WriteKind, reference: string, outcome: WriteOutcome): Promise<WriteRecord> {
    const id = MemoryWriteLedger.id(environment, rail, reference);
    const existing = this.records.get(id);
    if (!existing) return Promise.reject(new Error(`No reserved write for ${rail} ${reference}`));
    // An answered write stays answered (see WriteLedger.record).
    if (existing.state === "answered" && outcome.state !== "answered") return Promise.resolve(this.read(existing));
    const next: WriteRecord = {
      ...existing,
      state: outcome.state,
      updatedAt: this.now(),
      quietMs: 0,
      upstreamStatus: "upstreamStatus" in outcome ? outcome.upstreamStatus : existing.upstreamStatus,
      code: "code" in outcome ? outcome.code : outcome.state === "answered" ? null : existing.code,
      transactionId: existing.transactionId ?? ("transactionId" in outcome ? outcome.transactionId : null),
      requestBody: RESOLVED.has(outcome.state) ? null : existing.requestBody,
    };
    this.records.set(id, next);
    if (outcome.state === "sent") this.owners.set(id, this.owner);
    return Promise.resolve({ ...next });
  }

  release(environment: Environment, rail: WriteKind, reference: string): Promise<void> {
    const id = MemoryWriteLedger.id(environment, rail, reference);
    this.records.delete(id);
    this.owners.delete(id);
    this.lookupFailures.delete(id);
    return Promise.resolve();
  }

  find(environment: Environment, rail: WriteKind, reference: string): Promise<WriteRecord | undefined> {
    const record = this.records.get(MemoryWriteLedger.id(environment, rail, reference));
    return Promise.resolve(record ? this.read(record) : undefined);
  }

  findByTransaction(environment: Environment, rail: WriteKind, transactionId: string): Promise<WriteRecord | undefined> {
    const record = [...this.records.values()].find(
      (r) => r.environment === environment && r.rail === rail && r.transactionId === transactionId,
    );
    return Promise.resolve(record ? this.read(record) : undefined);
  }

  unresolved(environment: Environment, { owner, graceMs, limit }: UnresolvedQuery): Promise<WriteRecord[]> {
    const staleBefore = this.now().getTime() - graceMs;
    const found = [...this.records.entries()]
      .filter(([id, record]) => {
        if (record.environment !== environment || !UNRESOLVED.has(record.state)) return false;
        const by = this.owners.get(id);
        const earlierBoot = by?.instanceId === owner.instanceId && by.bootId !== owner.bootId;
        return earlierBoot || record.updatedAt.getTime() < staleBefore;
      })
      .map(([id, record]) => ({ record: this.read(record), failedAt: this.lookupFailures.get(id) ?? -Infinity }))
      .sort((a, b) => a.failedAt - b.failedAt || a.record.updatedAt.getTime() - b.record.updatedAt.getTime())
      .map(({ record }) => record);
    return Promise.resolve(found.slice(0, limit));
  }

  lookupFailed(seen: WriteRecord): Promise<void> {
    const id = MemoryWriteLedger.id(seen.environment, seen.rail, seen.reference);
    const current = this.records.get(id);
    if (current && UNRESOLVED.has(current.state)) this.lookupFailures.set(id, this.now().getTime());
    return Promise.resolve();
  }

  private unmoved(seen: WriteRecord): WriteRecord | undefined {
    const current = this.records.get(MemoryWriteLedger.id(seen.environment, seen.rail, seen.reference));
    const moved = !current || current.state !== seen.state || current.updatedAt.getTime() !== seen.updatedAt.getTime();
    return moved ? undefined : current;
  }

  settle(seen: WriteRecord, outcome: WriteSettlement): Promise<WriteRecord | undefined> {
    const current = this.unmoved(seen);
    if (!current || !UNRESOLVED.has(current.state)) return Promise.resolve(undefined);
    return this.record(seen.environment, seen.rail, seen.reference, outcome);
  }

  claim(seen: WriteRecord): Promise<WriteRecord | undefined> {
    const current = this.unmoved(seen);
    if (!current || current.state === "answered") return Promise.resolve(undefined);
    return this.record(seen.environment, seen.rail, seen.reference, { state: "sent" });
  }
}
