import "server-only";
import type { Kysely } from "kysely";
import { can, ROLES } from "@/lib/permissions";
import type { Database } from "../db/schema";
import { failureFields, logger } from "../logger";
import type { ApprovalRequest } from "./approvals";

type Send = (message: { to: string; subject: string; text: string }) => Promise<void>;

const APPROVING_ROLES = ROLES.filter((role) => can(role, "payouts:approve"));

/**
 * Tells each active approver but the maker that a payout waits (issue 59). Plain text: the
 * beneficiary as the queue shows it (masked), never the body. A failed send is logged and changes
 * nothing: the queue and the navigation count stay the way approvers learn of a request.
 */
export function approverNotifier(db: Kysely<Database>, send: Send, origin: string) {
  return async (request: ApprovalRequest): Promise<void> => {
    const approvers = await db
      .selectFrom("staff_users")
      .select("email")
      .where("role", "in", APPROVING_ROLES)
      .where("status", "=", "active")
      .where("email", "<>", request.makerEmail)
      .orderBy("email")
      .execute();
    const text = [
      `${request.makerEmail} asks for a second person's approval of a ${request.environment} payout:`,
      `${request.amount} ${request.currency} (${request.rail}) to ${request.beneficiary}, reference ${request.reference}.`,
      `Review it before ${request.expiresAt.toISOString()}: ${origin}/approvals/${request.id}`,
    ].join("\n");
    const subject = `Approval needed: ${request.amount} ${request.currency} payout`;
    for (const { email } of approvers) {
      await send({ to: email, subject, text }).catch((error: unknown) =>
        logger.warn("approval mail not sent", { requestId: request.id, ...failureFields(error) }),
      );
    }
  };
}
