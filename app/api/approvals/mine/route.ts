import { myApprovalsContract } from "@/features/approvals/contracts";
import { listMyApprovals } from "@/features/approvals/server/approvals";
import { withSession } from "@/lib/server/bff";

/** The maker's own payout requests and where each stands: whoever may send a payout may have one held. */
export const GET = withSession(myApprovalsContract, ({ session }) => listMyApprovals(session.mode, session.user), {
  permission: "money:write",
});
