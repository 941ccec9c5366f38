import "server-only";
import type { RedirectDto } from "@/lib/contracts/auth";
import { requiresSecondFactor } from "@/lib/permissions";
import { ApiError } from "@/lib/server/api-error";
import { recordAudit } from "@/lib/server/audit/app";
import { db } from "@/lib/server/db/app";
import { startSession } from "@/lib/server/session";
import { acceptInvitation, inspectToken, resetPasswordWithToken, StaffTokenError, type TokenKind } from "@/lib/server/staff-tokens";
import { UserStoreError, type StaffUser } from "@/lib/server/users";

// The public pages an invitation and a password-reset link open (/invite/[token],
// /reset-password/[token]) and the routes they post to. A link that cannot be used says why in
// plain words (lib/server/staff-tokens.ts); a password is held to the sign-in rules.

export type LinkState = { ok: true; email: string; name: string | null; role: string | null } | { ok: false; message: string };

/** What a link's page shows: whose it is, or why it cannot be used. */
export async function linkState(token: string, kind: TokenKind): Promise<LinkState> {
  try {
    const details = await inspectToken(db(), token, kind);
    return { ok: true, email: details.email, name: details.name, role: details.role };
  } catch (error) {
    if (error instanceof StaffTokenError) return { ok: false, message: error.message };
    throw error;
  }
}

type Context = { clientAddress: string; userAgent: string; requestId: string };

/** The link's own entry in the trail, its person as actor (signed in or not, they hold the link). */
function auditLinkUse(action: string, user: StaffUser, context: Context) {
  return recordAudit({
    actor: { kind: "staff", id: user.email, email: user.email, role: user.role },
    action,
    targetIds: [user.email],
    requestId: context.requestId,
    clientAddress: context.clientAddress,
    result: "ok",
  });
}

/** Runs what a link does; a refused password is answered as the password field's error. */
async function withLink(use: Promise<StaffUser>): Promise<StaffUser> {
  try {
    return await use;
  } catch (error) {
    throw error instanceof UserStoreError && !(error instanceof StaffTokenError)
      ? new ApiError("validation", undefined, { fields: { password: [error.message] } })
      : error instanceof StaffTokenError
        ? new ApiError("validation", error.message)
        : error;
  }
}

/**
 * The invitee's password: the account is made and signed in at once, in the stage its role calls
 * for: a role that must have a second factor enrols one before anything else (/sign-in/enrol).
 */
export async function acceptWithPassword(token: string, password: string, context: Context): Promise<RedirectDto> {
  const user = await withLink(acceptInvitation(db(), token, password));
  await auditLinkUse("staff.invite.accept", user, context);
  const enrol = requiresSecondFactor(user.role);
  await startSession(user, { stage: enrol ? "enrol" : "active", clientAddress: context.clientAddress, userAgent: context.userAgent });
  return { redirectTo: enrol ? "/sign-in/enrol?returnTo=%2F" : "/" };
}

/** A new password through a reset link; every session of the account has ended, so the person signs in again. */
export async function resetWithPassword(token: string, password: string, context: Context): Promise<RedirectDto> {
  const user = await withLink(resetPasswordWithToken(db(), token, password));
  await auditLinkUse("staff.password_reset.use", user, context);
  return { redirectTo: "/sign-in?reset=1" };
}
