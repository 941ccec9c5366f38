import { invitationActionContract } from "@/features/staff/contracts";
import { staffContext } from "@/features/staff/server/context";
import { invitationAction } from "@/features/staff/server/staff-actions";
import { withSession } from "@/lib/server/bff";

/** Admin only, with step-up: confirm an invitation another admin made, or withdraw one. */
export const POST = withSession(
  invitationActionContract,
  ({ input, session, request, requestId }) => invitationAction(input, staffContext(session, request, requestId)),
  { permission: "staff:manage", anyMode: true },
);
