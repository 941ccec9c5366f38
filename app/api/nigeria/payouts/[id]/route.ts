import { nigeriaPayoutContract } from "@/lib/contracts/nigeria/payouts";
import { withSession } from "@/lib/server/bff";
import { getNigeriaPayout } from "@/lib/server/nigeria/payouts";
import { transactionIdOf } from "@/lib/server/transaction-id";

export const GET = withSession(
  nigeriaPayoutContract,
  ({ params, client, session }) => getNigeriaPayout(transactionIdOf(params.id), client, session.mode),
  {
    permission: "nigeria:read",
  },
);
