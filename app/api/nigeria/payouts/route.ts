import { nigeriaCreatePayoutContract, nigeriaRecentPayoutsContract } from "@/lib/contracts/nigeria/payouts";
import { withSession } from "@/lib/server/bff";
import { createNigeriaPayout } from "@/lib/server/nigeria/payouts";
import { recentNigeriaTransactions } from "@/lib/server/nigeria/recent";

/** Recent Nigeria payouts (viewers may look). */
export const GET = withSession(nigeriaRecentPayoutsContract, ({ client }) => recentNigeriaTransactions(client, "payout"), { permission: "nigeria:read" });

export const POST = withSession(
  nigeriaCreatePayoutContract,
  ({ input, client, session }) => createNigeriaPayout(input, { client, mode: session.mode, subject: session.user.email }),
  { permission: "money:write" },
);
