import { approvalPoliciesContract } from "@/features/approvals/contracts";
import { readPolicies } from "@/features/approvals/server/policies";
import { withSession } from "@/lib/server/bff";

/** The approval policies in force in this mode, and the changes waiting for a second admin. */
export const GET = withSession(approvalPoliciesContract, ({ session }) => readPolicies(session.mode, session.user), {
  permission: "settings:manage",
});
