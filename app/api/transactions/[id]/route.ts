import { transactionContract } from "@/lib/contracts/transactions";
import { withSession } from "@/lib/server/bff";
import { transactionIdOf } from "@/lib/server/transaction-id";
import { readTransactionDetail } from "@/lib/server/transactions/detail";

export const GET = withSession(
  transactionContract,
  ({ params, client, session }) => readTransactionDetail(transactionIdOf(params.id), client, session.mode),
  { permission: "transactions:read" },
);
