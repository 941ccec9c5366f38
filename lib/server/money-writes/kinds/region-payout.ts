import "server-only";
import type { PayoutDto } from "@/lib/contracts/region-payouts";
import type { Payout } from "@/lib/payments/schemas/bangladesh";
import type { EuropePayout } from "@/lib/payments/schemas/europe";
import type { PayoutRegion } from "@/lib/regions/regions";
import type { PayoutSubmission } from "@/lib/requests/region-submissions";
import type { BangladeshPayoutRequest, BrazilPayoutRequest, EuropePayoutRequest } from "@/lib/requests";
import { trackBangladeshWrite } from "../../market-pause";
import { toLocalPayoutDto } from "./region-dto";
import { rememberEuropeAnswer } from "./europe-payout-store";
import type { WriteAdapter } from "../pipeline";
import { bodyWrite } from "./shared";

// Bangladesh, Brazil and Europe payouts: `{ body }`, whose merchantReference is the reference.

const reference = (input: { body: { merchantReference: string } }) => input.body.merchantReference;

type Rail<R extends PayoutRegion> = WriteAdapter<PayoutSubmission<R>, unknown, unknown, PayoutDto>;

const PAYOUT_RAILS: { [R in PayoutRegion]: Rail<R> } = {
  /**
   * Debits BDT at create (docs/decisions/0022-payout-pockets-bdt-brl-and-usdc-for-europe.md). A 503
   * marks the market paused (§1 rule 9).
   */
  bangladesh: bodyWrite<PayoutSubmission<"bangladesh">, BangladeshPayoutRequest, Payout, PayoutDto>({
    rail: "bangladesh-payout",
    reference,
    send: (body, idempotencyKey, { client, mode }) =>
      trackBangladeshWrite(mode, () => client.bangladesh.createPayout(body, { idempotencyKey })),
    present: (payout) => toLocalPayoutDto("bangladesh", payout),
    // Bangladesh and Brazil share GET /v1/payouts/:id.
    read: (client, id) => client.bangladesh.getPayout(id),
  }),
  /** Debits BRL at create. */
  brazil: bodyWrite<PayoutSubmission<"brazil">, BrazilPayoutRequest, Payout, PayoutDto>({
    rail: "brazil-payout",
    reference,
    send: (body, idempotencyKey, { client }) => client.brazil.createPayout(body, { idempotencyKey }),
    present: (payout) => toLocalPayoutDto("brazil", payout),
    read: (client, id) => client.bangladesh.getPayout(id),
  }),
  /**
   * Debits USDC (never PYUSD-USDC, §1 rule 4), at create or, when approval is
   * required, at approve. Only the create and approve answers say whether it
   * awaits approval, so `present` remembers it (lib/server/money-writes/kinds/europe-payout-store.ts).
   */
  europe: bodyWrite<PayoutSubmission<"europe">, EuropePayoutRequest, EuropePayout, PayoutDto>({
    rail: "europe-payout",
    reference,
    send: (body, idempotencyKey, { client }) => client.europe.createPayout(body, { idempotencyKey }),
    present: (answer, { mode }) => rememberEuropeAnswer(answer, mode),
    // Europe payouts have no GET of their own.
    read: (client, id) => client.getTransaction(id),
  }),
};

/** The adapter of one region, typed for it (an index by a generic region would widen to the union). */
export const payoutWrite = <R extends PayoutRegion>(region: R): Rail<R> => PAYOUT_RAILS[region];
