import { approvalCountContract } from "@/features/approvals/contracts";
import { countApprovals } from "@/features/approvals/server/approvals";
import { withSession } from "@/lib/server/bff";

/** How many requests wait for approval: the navigation's count. */
export const GET = withSession(approvalCountContract, ({ session }) => countApprovals(session.mode), { permission: "payouts:approve" });
