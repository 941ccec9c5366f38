import { approvalContract } from "@/features/approvals/contracts";
import { approvalIdOf, readApproval } from "@/features/approvals/server/approvals";
import { withSession } from "@/lib/server/bff";

/** One request and its trail: the approver's view, and the maker's "Waiting for approval" page. */
export const GET = withSession(
  approvalContract,
  ({ session, params }) => readApproval(session.mode, approvalIdOf(params.id), session.user),
  {
    permission: "balances:read",
  },
);
