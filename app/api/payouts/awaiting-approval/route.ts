import { awaitingApprovalContract } from "@/lib/contracts/payouts";
import { withSession } from "@/lib/server/bff";
import { awaitingApprovals } from "@/lib/server/regions/payouts";

/** Europe payouts this dashboard created that still await the approve step (lib/server/regions/europe-payouts.ts). */
export const GET = withSession(awaitingApprovalContract, ({ client, session }) => awaitingApprovals({ client, mode: session.mode }), {
  permission: "balances:read",
});
