import { confirmPolicyContract } from "@/features/approvals/contracts";
import { confirmPolicy, policyChangeIdOf } from "@/features/approvals/server/policies";
import { withSession } from "@/lib/server/bff";
import { clientAddress } from "@/lib/server/client-address";

/** A second admin confirms a pending change (step-up); its proposer cannot (403). */
export const POST = withSession(
  confirmPolicyContract,
  ({ session, params, requestId, request }) =>
    confirmPolicy(session.mode, policyChangeIdOf(params.id), session.user, { requestId, clientAddress: clientAddress(request.headers) }),
  { permission: "settings:manage" },
);
