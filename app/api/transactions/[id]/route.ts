import { transactionContract } from "@/features/transactions/contracts";
import { withSession } from "@/lib/server/bff";
import { transactionIdOf } from "@/lib/server/transaction-id";
import { readTransactionDetail } from "@/features/transactions/server/detail";

export const GET = withSession(
  transactionContract,
  ({ params, client, session }) => readTransactionDetail(transactionIdOf(params.id), client, session.mode),
  { permission: "transactions:read" },
);
