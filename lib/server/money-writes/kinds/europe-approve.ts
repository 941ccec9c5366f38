import "server-only";
import type { PayoutDto } from "@/lib/contracts/region-payouts";
import type { EuropePayout } from "@/lib/payments/schemas/europe";
import { rememberEuropeAnswer } from "./europe-payout-store";
import type { WriteAdapter } from "../pipeline";
import { createdId } from "./shared";

/**
 * POST /v1/eur/payout-instances/:id/approve: the USDC debit of a payout that
 * required approval. No body and no Idempotency-Key (idempotent upstream), so
 * the payout's id is the reference, and a refusal (the pocket short of USDC) is
 * not final: approving again once funded is allowed.
 */
export const europeApproveWrite: WriteAdapter<{ transactionId: string }, { transactionId: string }, EuropePayout, PayoutDto> = {
  rail: "europe-approve",
  reference: (input) => input.transactionId,
  prepare: (input) => input,
  send: ({ transactionId }, _idempotencyKey, { client }) => client.europe.approvePayout(transactionId),
  transactionId: createdId,
  present: (answer, { mode }) => rememberEuropeAnswer(answer, mode),
  replaysRefusals: false,
};
