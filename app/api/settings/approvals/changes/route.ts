import { proposePolicyContract } from "@/features/approvals/contracts";
import { proposePolicy } from "@/features/approvals/server/policies";
import { withSession } from "@/lib/server/bff";
import { clientAddress } from "@/lib/server/client-address";

/** Proposes a policy change (step-up); it applies only once another admin confirms it. */
export const POST = withSession(
  proposePolicyContract,
  ({ session, input, requestId, request }) =>
    proposePolicy(session.mode, input, session.user, { requestId, clientAddress: clientAddress(request.headers) }),
  { permission: "settings:manage" },
);
