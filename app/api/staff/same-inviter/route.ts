import { sameInviterContract } from "@/features/staff/contracts";
import { withSession } from "@/lib/server/bff";
import { db } from "@/lib/server/db/app";
import { invitedBySameAdmin } from "@/lib/server/users";

/** Whoever reads the audit trail: were these two accounts invited by the same admin (a payout's maker and checker)? */
export const GET = withSession(sameInviterContract, ({ input }) => invitedBySameAdmin(db(), input.a, input.b), {
  permission: "audit:read",
  anyMode: true,
});
