import "server-only";
import Decimal from "decimal.js";
import type { NigeriaPayoutDto } from "@/lib/contracts/ngn-payouts";
import type { PayoutSubmission } from "@/lib/requests/ngn-submissions";
import { PaymentsApiError, rowsOnPage } from "@/lib/payments";
import type { NigeriaPayoutCreated } from "@/lib/payments/schemas/nigeria";
import type { NigeriaPayoutRequest } from "@/lib/requests";
import { ApiError } from "../../api-error";
import { env } from "../../env";
import { verifyBeneficiary } from "./ngn-beneficiary-token";
import { toPayoutDto } from "./ngn-dto";
import type { WriteRecord } from "../ledger";
import type { FoundWrite, WriteAdapter, WriteContext } from "../pipeline";
import { createdId } from "./shared";

// POST /v1/ngn/payouts. The body the shared schema checked (amount limits included:
// the browser's checks are never trusted), sent only for a beneficiary our own
// name enquiry resolved (lib/server/money-writes/kinds/ngn-beneficiary-token.ts).

const TOKEN_MESSAGES = {
  invalid: "This beneficiary was not resolved by the dashboard's name enquiry. Look the account up again.",
  expired: "The confirmed account name has expired. Look the account up again.",
  mismatch: "The beneficiary differs from the one the name enquiry resolved. Look the account up again.",
} as const;

/** How much earlier than our intent the API's clock may stamp the payout it created for it. */
const PAYOUT_CLOCK_MARGIN_MS = 2 * 60_000;
/** The largest page the list gives (limit 1 to 100). */
const LIST_PAGE = 100;

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

/** The amount the ledger's request bytes carry, if it still holds them. */
function requestedAmount(known: WriteRecord): Decimal | undefined {
  try {
    const amount = (JSON.parse(known.requestBody ?? "null") as { amount?: unknown } | null)?.amount;
    return typeof amount === "string" ? new Decimal(amount) : undefined;
  } catch {
    return undefined;
  }
}

function sameAmount(listed: string, requested: Decimal | undefined): boolean {
  if (!requested) return true;
  try {
    return requested.eq(listed);
  } catch {
    return true;
  }
}

/** An unreadable list row opened as a Nigeria payout: ours, not ours, or not known (it could not be read as one either). */
async function openedAsOurs(
  client: WriteContext["client"],
  id: string,
  reference: string,
): Promise<{ transactionId: string } | "not ours" | "unknown"> {
  try {
    const payout = toPayoutDto(await client.nigeria.getPayout(id));
    return payout.merchantReference === reference || payout.reference === reference ? { transactionId: payout.transactionId } : "not ours";
  } catch (error) {
    if (error instanceof PaymentsApiError && error.code === "not_found") return "not ours";
    if (error instanceof PaymentsApiError && !error.retryable) return "unknown";
    throw error;
  }
}

/**
 * Whether this console created the payout, for a write whose answer was lost: the ledger's
 * transactionId, else the payouts list down to the intent's time, opening Nigeria payouts of our
 * amount (§2.3: the list has no merchantReference). "Not created" only when nothing read could be it
 * (docs/decisions/0127).
 */
async function find(reference: string, known: WriteRecord | undefined, { client }: WriteContext): Promise<FoundWrite> {
  if (known?.transactionId) return { state: "created", transactionId: known.transactionId };
  if (!known) return { state: "absent" };
  const since = known.createdAt.getTime() - PAYOUT_CLOCK_MARGIN_MS;
  const amount = requestedAmount(known);
  let newestFirst = true;
  let reachedOlder = false;
  let previous = Number.POSITIVE_INFINITY;
  let unreadable = false;
  // A row can be on two pages read (a payout created between reads moves every later page down one).
  const opened = new Map<string, Awaited<ReturnType<typeof openedAsOurs>>>();
  const notThere = (): FoundWrite => (unreadable ? { state: "not_known" } : { state: "absent" });
  for (let offset = 0; ; offset += LIST_PAGE) {
    const page = await client.listTransactions({ type: "payout", limit: LIST_PAGE, offset });
    for (const row of page.unreadable) {
      const answer = row.id === null ? "unknown" : (opened.get(row.id) ?? (await openedAsOurs(client, row.id, reference)));
      if (row.id !== null) opened.set(row.id, answer);
      if (answer === "unknown") unreadable = true;
      else if (answer !== "not ours") return { state: "created", transactionId: answer.transactionId };
    }
    for (const candidate of page.items) {
      const createdAt = Date.parse(candidate.createdAt);
      if (createdAt > previous) newestFirst = false;
      previous = createdAt;
      if (createdAt < since) {
        reachedOlder = true; // created before the write was reserved: not it
        continue;
      }
      if (candidate.rail !== "nigeria" || !sameAmount(candidate.amount, amount)) continue;
      const payout = toPayoutDto(await client.nigeria.getPayout(candidate.id));
      if (payout.merchantReference === reference || payout.reference === reference)
        return { state: "created", transactionId: payout.transactionId };
    }
    // Newest first: every later row was created before the write was reserved too.
    if (newestFirst && reachedOlder) return notThere();
    if (rowsOnPage(page) < LIST_PAGE || offset + rowsOnPage(page) >= page.total) return notThere();
  }
}

export const ngnPayoutWrite: WriteAdapter<PayoutSubmission, NigeriaPayoutRequest, NigeriaPayoutCreated, NigeriaPayoutDto> = {
  rail: "ngn-payout",
  reference: (input) => input.merchantReference,
  prepare,
  send: (body, idempotencyKey, { client }) => client.nigeria.createPayout(body, { idempotencyKey }),
  transactionId: createdId,
  payoutReference: (created) => toPayoutDto(created).reference,
  present: (created) => toPayoutDto(created),
  find,
};
