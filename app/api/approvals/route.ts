import { approvalsContract } from "@/features/approvals/contracts";
import { listApprovals } from "@/features/approvals/server/approvals";
import { withSession } from "@/lib/server/bff";

/** The approval queue (payouts held for a second person) and the newest decided requests. */
export const GET = withSession(approvalsContract, ({ session }) => listApprovals(session.mode, session.user), {
  permission: "payouts:approve",
});
