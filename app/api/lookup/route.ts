import { lookupContract } from "@/features/lookup/contracts";
import { idsToTry } from "@/lib/lookup-input";
import { PaymentsApiError } from "@/lib/payments/errors";
import { withSession } from "@/lib/server/bff";
import { toTransactionRow } from "@/features/transactions/server/transaction-dto";
import { transactionsFor } from "@/features/transactions/server/registry";

/**
 * Support lookup, step one: the value as a transactionId, a direct GET (two at most, see
 * idsToTry). A 404 is an answer ("not an id"), not an error; the page then searches the list
 * for it as a platformOrderId.
 */
export const GET = withSession(
  lookupContract,
  async ({ input: { q }, client, session }) => {
    for (const id of idsToTry(q)) {
      try {
        const transaction = toTransactionRow(await client.getTransaction(id));
        transactionsFor(session.mode).upsert(transaction);
        return { environment: session.mode, transaction };
      } catch (error) {
        if (!(error instanceof PaymentsApiError && (error.code === "not_found" || error.code === "validation"))) throw error;
      }
    }
    return { environment: session.mode, transaction: null };
  },
  { permission: "lookup:read" },
);
