import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { AwaitingApprovalsDto, PayoutDto } from "@/lib/contracts/region-payouts";
import type { PayoutRegion } from "@/lib/regions/regions";
import type { Environment } from "@/lib/rails";
import { ApiError } from "@/lib/server/api-error";
import { mergeEuropeTransaction, toLocalPayoutDto } from "@/lib/server/money-writes/kinds/region-dto";
import { europePayoutsFor, reconcileAwaiting } from "@/lib/server/money-writes/kinds/europe-payout-store";

/** The session's client and mode: what a region's read needs. */
export type RegionContext = { client: PaymentsClient; mode: Environment };
type Reads = { [R in PayoutRegion]: (id: string, ctx: RegionContext) => Promise<PayoutDto> };

async function transactionOrNull(id: string, client: PaymentsClient) {
  try {
    return await client.getTransaction(id);
  } catch (error) {
    if (error instanceof PaymentsApiError && error.code === "not_found") return null;
    throw error;
  }
}

async function readLocalPayout(region: "bangladesh" | "brazil", id: string, client: PaymentsClient): Promise<PayoutDto> {
  const payout = await client.bangladesh.getPayout(id);
  if (payout.rail !== undefined && payout.rail !== region) throw new ApiError("not_found");
  return toLocalPayoutDto(region, payout);
}

/** Bangladesh and Brazil share GET /v1/payouts/:id; Europe reads GET /v1/transactions/:id (it has no GET of its own). */
export const PAYOUT_READS: Reads = {
  bangladesh: (id, { client }) => readLocalPayout("bangladesh", id, client),
  brazil: (id, { client }) => readLocalPayout("brazil", id, client),
  europe: async (id, { client, mode }) => {
    const tx = await transactionOrNull(id, client);
    if (tx === null || tx.type !== "payout" || tx.rail !== "europe") throw new ApiError("not_found");
    const merged = mergeEuropeTransaction(await europePayoutsFor(mode).get(id), tx);
    // Once the rail has finished it, the payout no longer awaits anything.
    if (merged.status !== "pending" && merged.approvalStatus === "awaiting_approval") merged.approvalStatus = null;
    return merged;
  },
};

async function europeAwaitingApproval({ client, mode }: RegionContext): Promise<PayoutDto[]> {
  return reconcileAwaiting(europePayoutsFor(mode), (id) => transactionOrNull(id, client));
}

/** GET /api/payouts/awaiting-approval's answer, also read by the payouts page's server render. */
export async function awaitingApprovals(ctx: RegionContext): Promise<AwaitingApprovalsDto> {
  return { items: await europeAwaitingApproval(ctx) };
}
