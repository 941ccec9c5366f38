import "server-only";
import { createHash } from "node:crypto";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { NigeriaPayoutDto, PayoutLookupDto } from "@/lib/contracts/nigeria/payouts";
import type { PayoutSubmission } from "@/lib/nigeria/schemas";
import type { NigeriaPayoutRequest } from "@/lib/requests";
import type { Environment } from "@/lib/rails";
import { ApiError } from "../api-error";
import { env } from "../env";
import { referenceIdempotencyKey } from "../idempotency";
import { verifyBeneficiary } from "./beneficiary-token";
import { toPayoutDto } from "./dto";
import { payoutLedgerFor } from "./payout-ledger";

const KEY_SCOPE = "ngn-payout";
/** How many recent Nigeria payouts the reference lookup opens when this process has no memory of it. */
const LOOKUP_SCAN_LIMIT = 25;

export const payoutIdempotencyKey = (environment: Environment, merchantReference: string) =>
  referenceIdempotencyKey(KEY_SCOPE, environment, merchantReference);

const TOKEN_MESSAGES = {
  invalid: "This beneficiary was not resolved by the dashboard's name enquiry. Look the account up again.",
  expired: "The confirmed account name has expired. Look the account up again.",
  mismatch: "The beneficiary differs from the one the name enquiry resolved. Look the account up again.",
} as const;

type CreateContext = { client: PaymentsClient; mode: Environment; subject: string };

/**
 * POST /v1/ngn/payouts for a body the shared schema has already checked (amount
 * limits included: the browser's checks are never trusted). The beneficiary
 * must carry the token of our own name enquiry; the Idempotency-Key derives from
 * the environment and merchantReference, so resubmissions replay, never duplicate.
 */
export async function createNigeriaPayout({ beneficiaryToken, ...body }: PayoutSubmission, { client, mode, subject }: CreateContext): Promise<NigeriaPayoutDto> {
  const check = await verifyBeneficiary(beneficiaryToken, body.beneficiary, { environment: mode, subject }, { secret: env().sessionSecret });
  if (!check.ok) throw new ApiError("validation", TOKEN_MESSAGES[check.reason], { fields: { beneficiaryToken: [TOKEN_MESSAGES[check.reason]] } });

  // Exactly the reviewed fields; an empty description is not sent at all.
  const { description, ...required } = body;
  const request: NigeriaPayoutRequest = description ? { ...required, description } : required;
  const key = payoutIdempotencyKey(mode, body.merchantReference);
  const fingerprint = createHash("sha256").update(JSON.stringify(request)).digest("hex");
  // The client retries a lost answer with the same key and bytes; the API replays the first result.
  const created = await payoutLedgerFor(mode).submit(key, fingerprint, () => client.nigeria.createPayout(request, { idempotencyKey: key }));
  return toPayoutDto(created);
}

/**
 * Does a payout with this merchantReference exist? First what this process
 * remembers; then the newest Nigeria payouts, opened one by one, since the
 * transaction list (§2.3) carries no merchantReference.
 */
export async function lookupPayoutByReference(reference: string, client: PaymentsClient, mode: Environment): Promise<PayoutLookupDto> {
  const ledger = payoutLedgerFor(mode);
  const key = payoutIdempotencyKey(mode, reference);
  const known = ledger.lookup(key);
  if (known?.state === "created") return { state: "created", transactionId: known.transactionId };
  if (known?.state === "in_flight") return { state: "in_flight" };

  const page = await client.listTransactions({ type: "payout", limit: 100 });
  const candidates = page.items.filter((tx) => tx.rail === "nigeria").slice(0, LOOKUP_SCAN_LIMIT);
  for (const candidate of candidates) {
    const payout = toPayoutDto(await client.nigeria.getPayout(candidate.id));
    if (payout.merchantReference === reference || payout.reference === reference) {
      ledger.recordCreated(key, payout.transactionId);
      return { state: "created", transactionId: payout.transactionId };
    }
  }
  if (known?.state === "failed") return { state: "failed", code: known.code };
  return { state: "unknown" };
}

/** A single payout for the status page; a 404 is the API's own answer. */
export async function getNigeriaPayout(id: string, client: PaymentsClient): Promise<NigeriaPayoutDto> {
  try {
    return toPayoutDto(await client.nigeria.getPayout(id));
  } catch (error) {
    if (error instanceof PaymentsApiError && error.code === "validation") throw new ApiError("not_found");
    throw error;
  }
}
