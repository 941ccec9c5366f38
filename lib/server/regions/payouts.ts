import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { PayoutDto } from "@/lib/contracts/payouts";
import type { PayoutRegion } from "@/lib/regions/regions";
import type { PayoutSubmission } from "@/lib/regions/submissions";
import { ApiError } from "../api-error";
import { trackBangladeshWrite } from "../market-pause";
import { mergeEuropeTransaction, toEuropePayoutDto, toLocalPayoutDto } from "./dto";
import { europePayoutsFor, reconcileAwaiting } from "./europe-payouts";
import { payoutIdempotencyKey } from "./keys";
import type { RegionContext } from "./payins";
import { writeOnce } from "./write-once";

type Creates = { [R in PayoutRegion]: (input: PayoutSubmission<R>, ctx: RegionContext) => Promise<PayoutDto> };
type Reads = { [R in PayoutRegion]: (id: string, ctx: RegionContext) => Promise<PayoutDto> };

export const PAYOUT_CREATES: Creates = {
  /** Debits BDT at create (docs/decisions.md, "Payout pockets"). */
  bangladesh: async ({ body }, { client, mode }) => {
    const key = payoutIdempotencyKey("bangladesh", mode, body.merchantReference);
    const send = () => trackBangladeshWrite(mode, () => client.bangladesh.createPayout(body, { idempotencyKey: key }));
    return toLocalPayoutDto("bangladesh", await writeOnce(mode, key, body, send));
  },
  /** Debits BRL at create. */
  brazil: async ({ body }, { client, mode }) => {
    const key = payoutIdempotencyKey("brazil", mode, body.merchantReference);
    return toLocalPayoutDto("brazil", await writeOnce(mode, key, body, () => client.brazil.createPayout(body, { idempotencyKey: key })));
  },
  /** Debits USDC (never PYUSD-USDC, §1 rule 4), at create or, when approval is required, at approve. */
  europe: async ({ body }, { client, mode }) => {
    const key = payoutIdempotencyKey("europe", mode, body.merchantReference);
    const payout = toEuropePayoutDto(await writeOnce(mode, key, body, () => client.europe.createPayout(body, { idempotencyKey: key })));
    europePayoutsFor(mode).remember(payout);
    return payout;
  },
};

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
    const memory = europePayoutsFor(mode);
    const merged = mergeEuropeTransaction(memory.get(id), tx);
    // Once the rail has finished it, the payout no longer awaits anything.
    if (merged.status !== "pending" && merged.approvalStatus === "awaiting_approval") merged.approvalStatus = null;
    return merged;
  },
};

/** POST /v1/eur/payout-instances/:id/approve. Idempotent upstream; the debit happens here for these payouts. */
export async function approveEuropePayout(id: string, { client, mode }: RegionContext): Promise<PayoutDto> {
  const payout = toEuropePayoutDto(await client.europe.approvePayout(id));
  europePayoutsFor(mode).remember(payout);
  return payout;
}

export async function europeAwaitingApproval({ client, mode }: RegionContext): Promise<PayoutDto[]> {
  return reconcileAwaiting(europePayoutsFor(mode), (id) => transactionOrNull(id, client));
}
