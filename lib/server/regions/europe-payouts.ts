import "server-only";
import type { EuropePayout } from "@/lib/payments/schemas/europe";
import type { Transaction } from "@/lib/payments/schemas/transactions";
import type { PayoutDto } from "@/lib/contracts/payouts";
import type { Environment } from "@/lib/rails";
import { perEnvironment } from "@/lib/server/per-environment";
import { toEuropePayoutDto } from "./dto";

// Europe payouts have no GET (§4), and GET /v1/transactions/:id does not carry
// requiresApproval or approvalStatus: only the create and approve answers do.
// So the "awaiting approval" list cannot be derived from the API; this process
// remembers every Europe payout it created (and each approve answer), per
// environment. Per process and in memory: after a restart the list starts
// empty; such a payout still shows as pending in the transaction list, and its
// status page (by id) still offers Approve (approve is idempotent upstream).

const MAX_ENTRIES = 2_000;

export class EuropePayoutMemory {
  private readonly byId = new Map<string, PayoutDto>();

  remember(payout: PayoutDto): void {
    this.byId.delete(payout.transactionId); // re-insert: Map order is oldest-first for eviction
    this.byId.set(payout.transactionId, payout);
    if (this.byId.size > MAX_ENTRIES) {
      const oldest = this.byId.keys().next().value;
      if (oldest !== undefined) this.byId.delete(oldest);
    }
  }

  get(id: string): PayoutDto | undefined {
    return this.byId.get(id);
  }

  forget(id: string): void {
    this.byId.delete(id);
  }

  /** Newest first. */
  awaiting(): PayoutDto[] {
    return [...this.byId.values()].filter((payout) => payout.approvalStatus === "awaiting_approval").reverse();
  }
}

/**
 * Keeps only the remembered payouts that still await approval upstream: one
 * the transaction list no longer knows (404: e.g. a reset sandbox) is
 * forgotten, one that left `pending` (failed, or approved elsewhere and sent)
 * is no longer awaiting. `lookup` answers null for a 404.
 */
export async function reconcileAwaiting(
  memory: EuropePayoutMemory,
  lookup: (id: string) => Promise<Transaction | null>,
): Promise<PayoutDto[]> {
  const candidates = memory.awaiting();
  const checked = await Promise.all(candidates.map(async (payout) => ({ payout, tx: await lookup(payout.transactionId) })));
  const still: PayoutDto[] = [];
  for (const { payout, tx } of checked) {
    if (tx === null) memory.forget(payout.transactionId);
    else if (tx.status !== "pending") memory.remember({ ...payout, status: tx.status, completedAt: tx.completedAt, approvalStatus: null });
    else still.push(payout);
  }
  return still;
}

export const europePayoutsFor = perEnvironment("__europePayouts", () => new EuropePayoutMemory());

/** A create or approve answer, the only ones that say whether the payout awaits approval: remembered, then shown. */
export function rememberEuropeAnswer(answer: EuropePayout, mode: Environment): PayoutDto {
  const payout = toEuropePayoutDto(answer);
  europePayoutsFor(mode).remember(payout);
  return payout;
}
