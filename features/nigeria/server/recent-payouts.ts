import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import type { NgnPayoutsDto, PayoutBeneficiaryDto } from "@/lib/contracts/ngn-payouts";
import { runPool } from "@/lib/server/run-pool";
import { toPayoutDto } from "@/lib/server/money-writes/kinds/ngn-dto";
import { recentNigeriaTransactions } from "./recent";

/**
 * Rows the list shows; older ones are on /transactions (a link says so).
 * @internal
 */
export const RECENT_NGN_PAYOUTS_SHOWN = 25;
/** Poll reads in flight at once while filling the list's beneficiaries. */
const READS_IN_FLIGHT = 4;
/** Enough for many pages of history across both environments; the oldest entries go first. */
const CACHE_ENTRIES = 5_000;

/**
 * The beneficiary is a snapshot taken at creation (§2.4's poll response), so it never changes:
 * each payout's is read once per process. The transaction list (§2.3) does not carry it.
 */
const beneficiaries = new Map<string, PayoutBeneficiaryDto>();

function remember(key: string, value: PayoutBeneficiaryDto): void {
  beneficiaries.set(key, value);
  if (beneficiaries.size > CACHE_ENTRIES) beneficiaries.delete(beneficiaries.keys().next().value as string);
}

async function beneficiaryOf(client: PaymentsClient, transactionId: string): Promise<PayoutBeneficiaryDto | null> {
  const key = `${client.environment}:${transactionId}`;
  const known = beneficiaries.get(key);
  if (known) return known;
  try {
    const { accountName, bankName, accountNumberMasked } = toPayoutDto(await client.nigeria.getPayout(transactionId)).beneficiary;
    const found = { accountName, bankName, accountNumberMasked };
    remember(key, found);
    return found;
  } catch {
    // One unreadable payout must not hide the list; its row says the beneficiary is unknown.
    return null;
  }
}

/** The newest Nigeria payouts, each with the account it paid (read from its poll, §2.4). */
export async function recentNigeriaPayouts(client: PaymentsClient): Promise<NgnPayoutsDto> {
  const { items: shown, asOf, more } = await recentNigeriaTransactions(client, "payout", RECENT_NGN_PAYOUTS_SHOWN);
  const found = new Map<string, PayoutBeneficiaryDto | null>();
  await runPool(shown, READS_IN_FLIGHT, async (row) => {
    found.set(row.id, await beneficiaryOf(client, row.id));
  });
  return {
    items: shown.map((row) => ({ ...row, beneficiary: found.get(row.id) ?? null })),
    asOf,
    more,
  };
}
