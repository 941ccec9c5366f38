import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { NigeriaPayoutDto } from "@/lib/contracts/ngn-payouts";
import type { Environment } from "@/lib/rails";
import type { TransactionRow } from "@/lib/transaction-row";
import { ApiError } from "@/lib/server/api-error";
import type { WriteLedger } from "@/lib/server/money-writes/ledger";
import { moneyWrites } from "@/lib/server/money-writes/process-store";
import { readTransactionDetail } from "@/features/transactions/server/detail";
import { transactionsFor } from "@/features/transactions/server/registry";
import { toPayoutDto } from "@/lib/server/money-writes/kinds/ngn-dto";
import { keepPayoutReferenceOf } from "@/lib/server/money-writes/summary-store";
import { db } from "@/lib/server/db/app";
import { statusSightings } from "@/features/transactions/server/status-seen";

// The create goes through the money-write pipeline (lib/server/money-writes/kinds/ngn-payout.ts).

/** Where a payout's page learns what its poll answer (§2.4) does not carry. */
export type PayoutDetailSources = {
  /** The merchant reference the operator typed, for a payout this console sent. */
  ledger: Pick<WriteLedger, "findByTransaction">;
  /** The transaction list's copy of the row, when it holds one. */
  listed: (id: string) => TransactionRow | undefined;
  /** GET /v1/transactions/:id, for a copy older than the poll. */
  fresh: (id: string) => Promise<TransactionRow | null>;
  /** What the poll saw, for the payment's story: its status, and the payout reference the API assigned. */
  saw?: (dto: NigeriaPayoutDto) => void;
};

/** Payouts whose reference this process has kept already: a page polls every few seconds. */
const referencesKept = new Set<string>();

function rememberPoll(dto: NigeriaPayoutDto, mode: Environment): void {
  statusSightings(mode).saw([{ id: dto.transactionId, status: dto.status }]);
  const key = `${mode}:${dto.transactionId}`;
  if (!dto.reference || referencesKept.has(key)) return;
  if (referencesKept.size > 10_000) referencesKept.clear();
  referencesKept.add(key);
  void keepPayoutReferenceOf(db(), mode, dto.transactionId, dto.reference);
}

function appSources(client: PaymentsClient, mode: Environment): PayoutDetailSources {
  return {
    ledger: moneyWrites().ledger,
    listed: (id) => transactionsFor(mode).rows.get(id),
    fresh: async (id) => (await readTransactionDetail(id, client, mode)).transaction,
    saw: (dto) => rememberPoll(dto, mode),
  };
}

/**
 * The times from the transaction (§2.3), the merchant reference from the write ledger, where the
 * answer has none. A time not learned stays null and is not shown: never "Not yet" beside "complete".
 */
async function withKnownDetails(dto: NigeriaPayoutDto, mode: Environment, sources: PayoutDetailSources): Promise<NigeriaPayoutDto> {
  const final = dto.status !== "pending";
  const lacks = (row: TransactionRow | undefined | null) =>
    !row || (dto.createdAt === null && row.createdAt === null) || (final && dto.completedAt === null && row.completedAt === null);
  let row: TransactionRow | undefined | null = sources.listed(dto.transactionId);
  if ((dto.createdAt === null || (final && dto.completedAt === null)) && lacks(row)) {
    row = await sources.fresh(dto.transactionId).catch(() => row);
  }
  const merchantReference =
    dto.merchantReference ?? (await sources.ledger.findByTransaction(mode, "ngn-payout", dto.transactionId))?.reference ?? null;
  return {
    ...dto,
    merchantReference,
    createdAt: dto.createdAt ?? row?.createdAt ?? null,
    completedAt: dto.completedAt ?? (final ? (row?.completedAt ?? null) : null),
  };
}

/** A single payout for the status page; a 404 is the API's own answer. */
export async function getNigeriaPayout(
  id: string,
  client: PaymentsClient,
  mode: Environment,
  sources: PayoutDetailSources = appSources(client, mode),
): Promise<NigeriaPayoutDto> {
  try {
    const polled = toPayoutDto(await client.nigeria.getPayout(id));
    sources.saw?.(polled);
    return await withKnownDetails(polled, mode, sources);
  } catch (error) {
    if (error instanceof PaymentsApiError && error.code === "validation") throw new ApiError("not_found");
    throw error;
  }
}
