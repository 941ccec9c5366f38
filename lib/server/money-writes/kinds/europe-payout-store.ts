import "server-only";
import { sql, type Kysely } from "kysely";
import type { EuropePayout } from "@/lib/payments/schemas/europe";
import type { Transaction } from "@/lib/payments/schemas/transactions";
import type { PayoutDto } from "@/lib/contracts/region-payouts";
import type { Environment } from "@/lib/rails";
import { db } from "@/lib/server/db/app";
import type { Database } from "@/lib/server/db/schema";
import { runPool } from "@/lib/server/run-pool";
import { toEuropePayoutDto } from "./region-dto";

// Europe payouts have no GET (§4), and GET /v1/transactions/:id does not carry
// requiresApproval or approvalStatus: only the create and approve answers do.
// So the "awaiting approval" list cannot be derived from the API; the console
// keeps every Europe payout it created (and each approve answer) in Postgres
// (europe_payouts, migration 0005), per environment: every instance sees a
// payout created on another, an approval made on another, and a restart keeps
// the list, with its amount and beneficiary.

/** How many awaiting payouts the list shows at most (newest first). */
const AWAITING_LIMIT = 2_000;

export class EuropePayoutStore {
  constructor(
    private readonly database: Kysely<Database>,
    private readonly environment: Environment,
  ) {}

  /** Keeps a create or approve answer; a later answer for the same payout replaces the earlier one. */
  async remember(payout: PayoutDto): Promise<void> {
    await this.database
      .insertInto("europe_payouts")
      .values({
        environment: this.environment,
        transaction_id: payout.transactionId,
        payout: JSON.stringify(payout),
        approval_status: payout.approvalStatus,
      })
      .onConflict((conflict) =>
        conflict.columns(["environment", "transaction_id"]).doUpdateSet({
          payout: (eb) => eb.ref("excluded.payout"),
          approval_status: (eb) => eb.ref("excluded.approval_status"),
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }

  async get(id: string): Promise<PayoutDto | undefined> {
    const row = await this.database
      .selectFrom("europe_payouts")
      .select("payout")
      .where("environment", "=", this.environment)
      .where("transaction_id", "=", id)
      .executeTakeFirst();
    return row ? (row.payout as PayoutDto) : undefined;
  }

  async forget(id: string): Promise<void> {
    await this.database.deleteFrom("europe_payouts").where("environment", "=", this.environment).where("transaction_id", "=", id).execute();
  }

  /** Newest first. */
  async awaiting(): Promise<PayoutDto[]> {
    const rows = await this.database
      .selectFrom("europe_payouts")
      .select("payout")
      .where("environment", "=", this.environment)
      .where("approval_status", "=", "awaiting_approval")
      .orderBy("created_at", "desc")
      .orderBy("transaction_id", "desc")
      .limit(AWAITING_LIMIT)
      .execute();
    return rows.map((row) => row.payout as PayoutDto);
  }
}

/** Status reads in flight at once while the awaiting list is checked (as the Nigeria list reads, recent-payouts.ts). */
const AWAITING_READS_IN_FLIGHT = 4;

/**
 * Keeps only the remembered payouts that still await approval upstream: one
 * the transaction list no longer knows (404: e.g. a reset sandbox) is
 * forgotten, one that left `pending` (failed, or approved elsewhere and sent)
 * is no longer awaiting. `lookup` answers null for a 404.
 */
export async function reconcileAwaiting(
  store: EuropePayoutStore,
  lookup: (id: string) => Promise<Transaction | null>,
): Promise<PayoutDto[]> {
  const candidates = await store.awaiting();
  // A few at a time: hundreds awaiting, all read at once, met the upstream's rate limit and starved every other read.
  const checked: { payout: PayoutDto; tx: Transaction | null }[] = candidates.map((payout) => ({ payout, tx: null }));
  await runPool(checked, AWAITING_READS_IN_FLIGHT, async (entry) => {
    entry.tx = await lookup(entry.payout.transactionId);
  });
  const still: PayoutDto[] = [];
  for (const { payout, tx } of checked) {
    if (tx === null) await store.forget(payout.transactionId);
    else if (tx.status !== "pending")
      await store.remember({ ...payout, status: tx.status, completedAt: tx.completedAt, approvalStatus: null });
    else still.push(payout);
  }
  return still;
}

/** This environment's Europe payouts, in the app's database. */
export function europePayoutsFor(mode: Environment): EuropePayoutStore {
  return new EuropePayoutStore(db(), mode);
}

/** A create or approve answer, the only ones that say whether the payout awaits approval: remembered, then shown. */
export async function rememberEuropeAnswer(answer: EuropePayout, mode: Environment): Promise<PayoutDto> {
  const payout = toEuropePayoutDto(answer);
  await europePayoutsFor(mode).remember(payout);
  return payout;
}
