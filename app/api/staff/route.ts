import { staffListContract } from "@/features/staff/contracts";
import { staffList } from "@/features/staff/server/staff-list";
import { withSession } from "@/lib/server/bff";

/** Admin only: the staff list (accounts and open invitations), filtered by role and status. */
export const GET = withSession(staffListContract, ({ input, session }) => staffList(input, session.user.email), {
  permission: "staff:manage",
  anyMode: true,
});
