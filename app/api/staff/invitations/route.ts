import { inviteContract } from "@/features/staff/contracts";
import { staffContext } from "@/features/staff/server/context";
import { invite } from "@/features/staff/server/staff-actions";
import { withSession } from "@/lib/server/bff";

/** Admin only, with step-up: invites a colleague (features/staff/server/staff-actions.ts says how the link travels). */
export const POST = withSession(
  inviteContract,
  ({ input, session, request, requestId }) => invite(input, staffContext(session, request, requestId)),
  {
    permission: "staff:manage",
    anyMode: true,
  },
);
