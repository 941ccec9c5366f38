import "server-only";
import type { NigeriaPayoutDto } from "@/lib/contracts/nigeria/payouts";
import type { PayoutSubmission } from "@/lib/nigeria/schemas";
import type { NigeriaPayoutCreated } from "@/lib/payments/schemas/nigeria";
import type { NigeriaPayoutRequest } from "@/lib/requests";
import { ApiError } from "../../api-error";
import { env } from "../../env";
import { verifyBeneficiary } from "../../nigeria/beneficiary-token";
import { toPayoutDto } from "../../nigeria/dto";
import type { WriteRecord } from "../ledger";
import type { FoundWrite, RailAdapter, WriteContext } from "../pipeline";
import { createdId } from "./shared";

// POST /v1/ngn/payouts. The body the shared schema checked (amount limits included:
// the browser's checks are never trusted), sent only for a beneficiary our own
// name enquiry resolved (lib/server/nigeria/beneficiary-token.ts).

const TOKEN_MESSAGES = {
  invalid: "This beneficiary was not resolved by the dashboard's name enquiry. Look the account up again.",
  expired: "The confirmed account name has expired. Look the account up again.",
  mismatch: "The beneficiary differs from the one the name enquiry resolved. Look the account up again.",
} as const;

/** How many recent Nigeria payouts the lookup opens for a reference this process never sent. */
const UNKNOWN_REFERENCE_SCAN = 25;

async function prepare({ beneficiaryToken, ...body }: PayoutSubmission, { mode, actor }: WriteContext): Promise<NigeriaPayoutRequest> {
  const check = await verifyBeneficiary(
    beneficiaryToken,
    body.beneficiary,
    { environment: mode, subject: actor.email },
    { secret: env().sessionSecret },
  );
  if (!check.ok)
    throw new ApiError("validation", TOKEN_MESSAGES[check.reason], { fields: { beneficiaryToken: [TOKEN_MESSAGES[check.reason]] } });
  // Exactly the reviewed fields; an empty description is not sent at all.
  const { description, ...required } = body;
  return description ? { ...required, description } : required;
}

/**
 * The ledger's transactionId first; then the newest Nigeria payouts, opened one
 * by one, since the transaction list (§2.3) carries no merchantReference. All of
 * the newest page when the ledger knows the write was sent, else the 25 newest.
 */
async function find(reference: string, known: WriteRecord | undefined, { client }: WriteContext): Promise<FoundWrite> {
  if (known?.transactionId) return { state: "created", transactionId: known.transactionId };
  const page = await client.listTransactions({ type: "payout", limit: 100 });
  const nigeria = page.items.filter((tx) => tx.rail === "nigeria");
  for (const candidate of known ? nigeria : nigeria.slice(0, UNKNOWN_REFERENCE_SCAN)) {
    const payout = toPayoutDto(await client.nigeria.getPayout(candidate.id));
    if (payout.merchantReference === reference || payout.reference === reference)
      return { state: "created", transactionId: payout.transactionId };
  }
  return { state: "absent" };
}

export const ngnPayoutRail: RailAdapter<PayoutSubmission, NigeriaPayoutRequest, NigeriaPayoutCreated, NigeriaPayoutDto> = {
  rail: "ngn-payout",
  reference: (input) => input.merchantReference,
  prepare,
  send: (body, idempotencyKey, { client }) => client.nigeria.createPayout(body, { idempotencyKey }),
  transactionId: createdId,
  present: (created) => toPayoutDto(created),
  find,
};
