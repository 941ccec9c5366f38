import { cancelPolicyContract } from "@/features/approvals/contracts";
import { cancelPolicy, policyChangeIdOf } from "@/features/approvals/server/policies";
import { withSession } from "@/lib/server/bff";
import { clientAddress } from "@/lib/server/client-address";

/** Withdraws a pending policy change (step-up): nothing applies. */
export const POST = withSession(
  cancelPolicyContract,
  ({ session, params, requestId, request }) =>
    cancelPolicy(session.mode, policyChangeIdOf(params.id), session.user, { requestId, clientAddress: clientAddress(request.headers) }),
  { permission: "settings:manage" },
);
