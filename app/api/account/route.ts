import { accountContract } from "@/features/account/contracts";
import { requiresSecondFactor } from "@/lib/permissions";
import { withSession } from "@/lib/server/bff";
import { db } from "@/lib/server/db/app";
import { hasSecondFactor, recoveryCodesLeft } from "@/lib/server/second-factor/second-factor-store";
import { sessions } from "@/lib/server/session";

/** One's own account: live sessions (this one marked) and the second factor's state. Every role. */
export const GET = withSession(
  accountContract,
  async ({ session }) => {
    const { email, role } = session.user;
    const [rows, enrolled, left] = await Promise.all([
      sessions().listFor(email),
      hasSecondFactor(db(), email),
      recoveryCodesLeft(db(), email),
    ]);
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        current: row.id === session.id,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        clientAddress: row.clientAddress,
        userAgent: row.userAgent,
      })),
      secondFactor: { enrolled, required: requiresSecondFactor(role), recoveryCodesLeft: left },
    };
    // In no mode: one's own sessions and second factor are the same in test and live.
  },
  { anyMode: true },
);
