import { z } from "zod";
import { transactionContract } from "@/lib/contracts/transactions";
import { ApiError } from "@/lib/server/api-error";
import { withSession } from "@/lib/server/bff";
import { toTransactionRow } from "@/lib/server/transactions/dto";
import { transactionsFor } from "@/lib/server/transactions/registry";

const idSchema = z.string().trim().min(1).max(200);

/** The deep link's data: `GET /v1/transactions/:transactionId`, always fresh from upstream. */
export const GET = withSession(
  transactionContract,
  async ({ params, client, session }) => {
    const id = idSchema.safeParse(params.id);
    if (!id.success) throw new ApiError("validation", "A transaction id is required.");
    const transaction = toTransactionRow(await client.getTransaction(id.data));
    // The single GET is newer than the shared list's copy; keep the list in step.
    transactionsFor(session.mode).upsert(transaction);
    return { environment: session.mode, transaction };
  },
  { permission: "transactions:read" },
);
