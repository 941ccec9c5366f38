import { awaitingApprovalContract } from "@/lib/contracts/region-payouts";
import { withSession } from "@/lib/server/bff";
import { awaitingApprovals } from "@/features/payouts/server/payout-reads";

/** Europe payouts this dashboard created that still await the approve step (lib/server/money-writes/kinds/europe-payout-store.ts). */
export const GET = withSession(awaitingApprovalContract, ({ client, session }) => awaitingApprovals({ client, mode: session.mode }), {
  permission: "balances:read",
});
