import { awaitingApprovalContract } from "@/lib/contracts/payouts";
import { withSession } from "@/lib/server/bff";
import { europeAwaitingApproval } from "@/lib/server/regions/payouts";

/** Europe payouts this dashboard created that still await the approve step (lib/server/regions/europe-payouts.ts). */
export const GET = withSession(
  awaitingApprovalContract,
  async ({ client, session }) => ({ items: await europeAwaitingApproval({ client, mode: session.mode }) }),
  {
    permission: "balances:read",
  },
);
