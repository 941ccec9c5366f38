import { payoutSubmissionSchema } from "@/lib/nigeria/schemas";
import { withSession } from "@/lib/server/bff";
import { createNigeriaPayout } from "@/lib/server/nigeria/payouts";
import { recentNigeriaTransactions } from "@/lib/server/nigeria/recent";

/** Recent Nigeria payouts (viewers may look). */
export const GET = withSession(async ({ client }) => recentNigeriaTransactions(client, "payout"), { permission: "nigeria:read" });

export const POST = withSession(
  async ({ input, client, session }) => createNigeriaPayout(input, { client, mode: session.mode, subject: session.user.email }),
  { permission: "money:write", input: payoutSubmissionSchema },
);
