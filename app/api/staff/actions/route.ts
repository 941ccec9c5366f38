import { staffActionContract } from "@/features/staff/contracts";
import { staffContext } from "@/features/staff/server/context";
import { staffAction } from "@/features/staff/server/staff-actions";
import { withSession } from "@/lib/server/bff";

/** Admin only, with step-up: change a role, deactivate or reactivate, end sessions, reset a factor, send a reset link. */
export const POST = withSession(
  staffActionContract,
  ({ input, session, request, requestId }) => staffAction(input, staffContext(session, request, requestId)),
  { permission: "staff:manage", anyMode: true },
);
