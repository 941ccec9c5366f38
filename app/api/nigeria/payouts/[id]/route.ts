import { nigeriaPayoutContract } from "@/lib/contracts/ngn-payouts";
import { withSession } from "@/lib/server/bff";
import { getNigeriaPayout } from "@/features/nigeria/server/ngn-payout-reads";
import { transactionIdOf } from "@/lib/server/transaction-id";

export const GET = withSession(
  nigeriaPayoutContract,
  ({ params, client, session }) => getNigeriaPayout(transactionIdOf(params.id), client, session.mode),
  {
    permission: "nigeria:read",
  },
);
