import "server-only";
import type { SingleTransactionResponse } from "@/features/transactions/contracts";
import type { PaymentsClient } from "@/lib/payments";
import type { Environment } from "@/lib/rails";
import { toTransactionRow } from "./transaction-dto";
import { transactionsFor } from "./registry";

/**
 * The deep link's data, `GET /v1/transactions/:transactionId`, always fresh from upstream: read the
 * same way by GET /api/transactions/[id] and by the /transactions/[id] page's first HTML.
 */
export async function readTransactionDetail(id: string, client: PaymentsClient, mode: Environment): Promise<SingleTransactionResponse> {
  const transaction = toTransactionRow(await client.getTransaction(id));
  // The single GET is newer than the shared list's copy; keep the list in step.
  transactionsFor(mode).upsert(transaction);
  return { environment: mode, transaction };
}
