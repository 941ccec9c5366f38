import "server-only";
import { sql, type Kysely, type Selectable, type UpdateObject } from "kysely";
import type { Environment } from "@/lib/rails";
import type { Database, MoneyWritesTable } from "../db/schema";
import type {
  UnresolvedQuery,
  WriteIntent,
  WriteLedger,
  WriteOutcome,
  WriteOwner,
  WriteRecord,
  WriteSettlement,
  WriteState,
} from "./ledger";
import { failureFields, logger } from "../logger";
import type { WriteSummary } from "./summary";
import type { WriteKind } from "./write-kinds";

// The write ledger in Postgres (table money_writes, migration 0004): what every
// instance reads and writes, and what survives a restart. Each call is one
// statement in its own transaction, so the intent is committed before the
// pipeline sends anything, and a crash after it leaves a row the start-up
// reconciler (reconcile.ts) finds. The table's checks hold the state machine's
// invariants (a resolved row keeps no request bytes); this class only moves rows.

type Row = Selectable<MoneyWritesTable>;

/**
 * The database's clock, to the millisecond: every instance stamps rows by one
 * clock, and a timestamp read back into a JS Date compares equal to the stored
 * one (settle's "untouched since" check).
 */
const NOW = sql<Date>`date_trunc('milliseconds', now())`;

/** How long a row read had gone untouched, by the database's clock (WriteRecord.quietMs). */
const QUIET_MS = sql<number>`(extract(epoch from (now() - updated_at)) * 1000)::float8`.as("quiet_ms");

const UNRESOLVED_STATES = ["intent", "sent"] as const;

/**
 * Joined into the statement that marks a write `sent`, so that commit skips the WAL flush
 * (synchronous_commit off for that transaction only). A lost `sent` reads as `intent`, which the
 * reconciler treats exactly as `sent`; one flush saved per write (docs/performance.md, "Durable state").
 */
const ASYNC_COMMIT = sql<{ setting: string }>`(select set_config('synchronous_commit', 'off', true) as setting)`.as("async_commit");

/** A row as read (with its quiet time) or as just written by this statement (quiet for 0 ms). */
function toRecord(row: Row & { quiet_ms?: number }): WriteRecord {
  return {
    environment: row.environment as Environment,
    rail: row.rail as WriteKind,
    reference: row.reference,
    idempotencyKey: row.idempotency_key,
    fingerprint: row.fingerprint,
    actor: { id: row.actor_id, email: row.actor_email, role: row.actor_role },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    quietMs: Math.max(0, row.quiet_ms ?? 0),
    state: row.state as WriteState,
    upstreamStatus: row.upstream_status,
    code: row.code,
    transactionId: row.transaction_id,
    requestBody: row.request_body,
  };
}

export class PgWriteLedger implements WriteLedger {
  private readonly owner: { instance_id: string | null; boot_id: string | null };

  constructor(
    private readonly db: Kysely<Database>,
    owner?: WriteOwner,
  ) {
    this.owner = { instance_id: owner?.instanceId ?? null, boot_id: owner?.bootId ?? null };
  }

  async reserve(intent: WriteIntent): Promise<{ record: WriteRecord; created: boolean }> {
    // A reference freed (release) between the insert and the select would find nothing: try again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const inserted = await this.db
        .insertInto("money_writes")
        .values({
          environment: intent.environment,
          rail: intent.rail,
          reference: intent.reference,
          idempotency_key: intent.idempotencyKey,
          fingerprint: intent.fingerprint,
          actor_id: intent.actor.id,
          actor_email: intent.actor.email,
          actor_role: intent.actor.role,
          created_at: NOW,
          updated_at: NOW,
          state: intent.holding ? "held" : intent.sending ? "sent" : "intent",
          request_body: intent.requestBody,
          ...this.owner,
        })
        .onConflict((conflict) => conflict.columns(["environment", "rail", "reference"]).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) {
        if (intent.summary) await this.keepSummary(intent, intent.summary);
        return { record: toRecord(inserted), created: true };
      }
      const existing = await this.find(intent.environment, intent.rail, intent.reference);
      if (existing) return { record: existing, created: false };
    }
    throw new Error(`The write ledger could not reserve ${intent.rail} ${intent.reference}: it was freed and taken again repeatedly`);
  }

  /**
   * The write's masked summary (summary.ts), right after its row, before the intent's audit entry
   * and any send. Its own statement: a write whose summary could not be kept is still the
   * write (the intent's audit entry decides whether it goes on); its page says "not recorded".
   */
  private async keepSummary(intent: WriteIntent, summary: WriteSummary): Promise<void> {
    await this.db
      .insertInto("money_write_summaries")
      .values({
        environment: intent.environment,
        rail: intent.rail,
        reference: intent.reference,
        amount: summary.amount,
        currency: summary.currency,
        bank_name: summary.bankName,
        account_last4: summary.accountLast4,
        account_suffixes: summary.accountSuffixes,
      })
      .onConflict((conflict) => conflict.columns(["environment", "rail", "reference"]).doNothing())
      .execute()
      .catch((error: unknown) => logger.warn("money write summary not kept", { rail: intent.rail, ...failureFields(error) }));
  }

  /** The API's own reference for an answered write (an NGN payout's), beside its summary. */
  private async keepPayoutReference(environment: Environment, rail: WriteKind, reference: string, payoutReference: string): Promise<void> {
    await this.db
      .updateTable("money_write_summaries")
      .set({ payout_reference: payoutReference })
      .where("environment", "=", environment)
      .where("rail", "=", rail)
      .where("reference", "=", reference)
      .where("payout_reference", "is", null)
      .execute()
      .catch((error: unknown) => logger.warn("payout reference not kept", { rail, ...failureFields(error) }));
  }

  /** The columns an outcome sets, as MemoryWriteLedger.record sets its fields. */
  private changes(outcome: WriteOutcome): UpdateObject<Database, "money_writes"> {
    const resolved = outcome.state === "answered" || outcome.state === "failed";
    return {
      state: outcome.state,
      updated_at: NOW,
      ...("upstreamStatus" in outcome ? { upstream_status: outcome.upstreamStatus } : {}),
      ...("code" in outcome ? { code: outcome.code } : outcome.state === "answered" ? { code: null } : {}),
      // The first id learned stays: a replay whose answer carries none (or another) must not erase the payment's id.
      ...("transactionId" in outcome
        ? { transaction_id: sql<string | null>`coalesce(money_writes.transaction_id, ${outcome.transactionId})` }
        : {}),
      ...(resolved ? { request_body: null } : {}),
      ...(outcome.state === "sent" ? this.owner : {}),
    };
  }

  async record(environment: Environment, rail: WriteKind, reference: string, outcome: WriteOutcome): Promise<WriteRecord> {
    const update = this.db.updateTable("money_writes");
    let changing = (outcome.state === "sent" ? update.from(ASYNC_COMMIT) : update)
      .set(this.changes(outcome))
      .where("environment", "=", environment)
      .where("rail", "=", rail)
      .where("reference", "=", reference);
    // An answered write stays answered (WriteLedger.record): the row is then returned as it stands.
    if (outcome.state !== "answered") changing = changing.where("money_writes.state", "<>", "answered");
    const row = await changing.returningAll("money_writes").executeTakeFirst();
    if (outcome.state === "answered" && outcome.payoutReference)
      await this.keepPayoutReference(environment, rail, reference, outcome.payoutReference);
    if (row) return toRecord(row);
    const current = await this.find(environment, rail, reference);
    if (!current) throw new Error(`No reserved write for ${rail} ${reference}`);
    return current;
  }

  async release(environment: Environment, rail: WriteKind, reference: string): Promise<void> {
    await this.db
      .deleteFrom("money_writes")
      .where("environment", "=", environment)
      .where("rail", "=", rail)
      .where("reference", "=", reference)
      .execute();
  }

  async find(environment: Environment, rail: WriteKind, reference: string): Promise<WriteRecord | undefined> {
    const row = await this.db
      .selectFrom("money_writes")
      .selectAll()
      .select(QUIET_MS)
      .where("environment", "=", environment)
      .where("rail", "=", rail)
      .where("reference", "=", reference)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async findByTransaction(environment: Environment, rail: WriteKind, transactionId: string): Promise<WriteRecord | undefined> {
    // money_writes_transaction (rail, transaction_id) serves it.
    const row = await this.db
      .selectFrom("money_writes")
      .selectAll()
      .select(QUIET_MS)
      .where("rail", "=", rail)
      .where("transaction_id", "=", transactionId)
      .where("environment", "=", environment)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async unresolved(environment: Environment, { owner, graceMs, limit }: UnresolvedQuery): Promise<WriteRecord[]> {
    const rows = await this.db
      .selectFrom("money_writes")
      .selectAll()
      .select(QUIET_MS)
      .where("environment", "=", environment)
      .where("state", "in", UNRESOLVED_STATES)
      .where((eb) =>
        eb.or([
          eb.and([eb("instance_id", "=", owner.instanceId), eb("boot_id", "is distinct from", owner.bootId)]),
          eb("updated_at", "<", sql<Date>`now() - ${graceMs}::double precision * interval '1 millisecond'`),
        ]),
      )
      .orderBy("lookup_failed_at", (order) => order.asc().nullsFirst())
      .orderBy("updated_at")
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  async lookupFailed(seen: WriteRecord): Promise<void> {
    await this.db
      .updateTable("money_writes")
      .set({ lookup_failed_at: NOW })
      .where("environment", "=", seen.environment)
      .where("rail", "=", seen.rail)
      .where("reference", "=", seen.reference)
      .where("state", "in", UNRESOLVED_STATES)
      .execute();
  }

  async claim(seen: WriteRecord): Promise<WriteRecord | undefined> {
    if (seen.state === "answered") return undefined;
    const row = await this.db
      .updateTable("money_writes")
      .set(this.changes({ state: "sent" }))
      .where("environment", "=", seen.environment)
      .where("rail", "=", seen.rail)
      .where("reference", "=", seen.reference)
      .where("state", "=", seen.state)
      .where("updated_at", "=", seen.updatedAt)
      .returningAll()
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async settle(seen: WriteRecord, outcome: WriteSettlement): Promise<WriteRecord | undefined> {
    const row = await this.db
      .updateTable("money_writes")
      .set(this.changes(outcome))
      .where("environment", "=", seen.environment)
      .where("rail", "=", seen.rail)
      .where("reference", "=", seen.reference)
      .where("state", "in", UNRESOLVED_STATES)
      .where("state", "=", seen.state)
      .where("updated_at", "=", seen.updatedAt)
      .returningAll()
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }
}
