import "server-only";
import type { Kysely } from "kysely";
import type { LinkDelivery, StaffChangeDto } from "@/features/staff/contracts";
import { isPrivilegedRole, type Role } from "@/lib/permissions";
import { ApiError } from "@/lib/server/api-error";
import { recordAudit, staffActor } from "@/lib/server/audit/app";
import type { AuditDetails } from "@/lib/server/audit/entry";
import { appendInTransaction } from "@/lib/server/audit/log";
import { db } from "@/lib/server/db/app";
import type { Database } from "@/lib/server/db/schema";
import { env } from "@/lib/server/env";
import { failureFields, logger } from "@/lib/server/logger";
import { mailConfigured, sendMail } from "@/lib/server/mail";
import { resetSecondFactor } from "@/lib/server/second-factor/cli-enrolment";
import { confirmInvitation, createInvitation, createResetLink, revokeToken } from "@/lib/server/staff-tokens";
import { deactivateUser, findUser, normalizeEmail, reactivateUser, setRole, signOutEverywhere, UserStoreError } from "@/lib/server/users";

// What an admin does on /staff (issue 58). Each change calls the same function the users CLI
// calls (lib/server/users.ts, lib/server/staff-tokens.ts, second-factor/cli-enrolment.ts), and
// commits together with its audit entry (who, on whom, why): a change nobody can see is not made.
// Every change that must end sessions bumps the account's session version, which session.ts
// reads on each request, so it counts at that person's next request on every instance. Step-up
// is the BFF's (staff:manage is a second-factor permission, lib/server/step-up.ts).

type Actor = { email: string; role: string };
type Context = { actor: Actor; requestId: string; clientAddress: string };

/** A refusal of the store (a duplicate, the last admin, a bad name) is the admin's to read, as it is. */
function asApiError(error: unknown): unknown {
  return error instanceof UserStoreError ? new ApiError("validation", error.message) : error;
}

type Entry = { action: string; target: string; details: AuditDetails };

/**
 * A privileged change that was asked for and refused (the last admin, one's own role) is on the
 * trail too, as "refused" with the refusal's words: an attempt is what a reviewer looks for. Its
 * entry is written on its own, since the change's transaction was rolled back.
 */
async function auditRefusal(context: Context, entry: Entry, refusal: string): Promise<void> {
  await recordAudit({
    actor: staffActor(context.actor),
    action: entry.action,
    targetIds: [entry.target],
    requestId: context.requestId,
    clientAddress: context.clientAddress,
    result: "refused",
    details: { ...entry.details, refusal },
  });
}

/** Runs `change` and its audit entry in one transaction; answers what `change` answers. */
async function audited<T>(context: Context, entry: Entry, change: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  try {
    return await db()
      .transaction()
      .execute(async (trx) => {
        const result = await change(trx);
        await appendInTransaction(
          trx,
          {
            actor: staffActor(context.actor),
            action: entry.action,
            targetIds: [entry.target],
            requestId: context.requestId,
            clientAddress: context.clientAddress,
            result: "ok",
            details: entry.details,
          },
          env().auditKey,
        );
        return result;
      });
  } catch (error) {
    if (error instanceof UserStoreError) await auditRefusal(context, entry, error.message);
    throw asApiError(error);
  }
}

const linkUrl = (path: string, token: string) => `${env().publicOrigin}${path}/${token}`;

/** The link's email; a failed send withdraws the link, so no link lives that nobody received. */
async function mailLink(context: Context, id: string, to: string, subject: string, text: string): Promise<void> {
  try {
    await sendMail({ to, subject, text });
  } catch (error) {
    logger.error("staff link email not sent", { requestId: context.requestId, ...failureFields(error) });
    await revokeToken(db(), id, context.actor.email).catch(() => undefined);
    await recordAudit({
      actor: staffActor(context.actor),
      action: "staff.link.withdrawn",
      targetIds: [to],
      requestId: context.requestId,
      clientAddress: context.clientAddress,
      result: "email_failed",
    });
    throw new ApiError(
      "upstream_error",
      "The email could not be sent, so the link was withdrawn. Check the mail settings, then try again.",
    );
  }
}

/**
 * An invitation. With SMTP it is emailed and shown to no one; without, the link is shown once to
 * this admin, except for a privileged role (one that moves money, approves or administers): that
 * invitation waits for a second admin, so one admin cannot mint a colleague for themselves.
 */
export async function invite(input: { email: string; name: string; role: Role }, context: Context): Promise<StaffChangeDto> {
  const delivery: LinkDelivery = mailConfigured() ? "email" : isPrivilegedRole(input.role) ? "confirm" : "shown";
  const made = await audited(
    context,
    { action: "staff.invite", target: normalizeEmail(input.email), details: { role: input.role, delivery } },
    (trx) => createInvitation(trx, { ...input, createdBy: context.actor.email, delivery, ttlHours: env().inviteTtlHours }),
  );
  if (delivery === "confirm") {
    return { message: `Invitation made. Another admin must confirm it before ${made.email} gets a link.`, link: null, delivery };
  }
  const link = linkUrl("/invite", made.token!);
  if (delivery === "email") {
    await mailLink(
      context,
      made.id,
      made.email,
      "You are invited to the Merchant Console",
      `${context.actor.email} invited you to the Merchant Console as ${made.role}.\n\n` +
        `Set your password here (the link works once, for ${env().inviteTtlHours} hours):\n${link}\n\n` +
        "If you did not expect this, ignore this email.",
    );
    return { message: `Invitation emailed to ${made.email}.`, link: null, delivery };
  }
  return { message: `Invitation made. Give ${made.email} this link (shown once).`, link, delivery };
}

/** A second admin confirms a waiting invitation (the link is theirs to pass on, shown once), or an admin withdraws one. */
export async function invitationAction(
  input: { id: string; action: "confirm" | "revoke"; reason: string },
  context: Context,
): Promise<StaffChangeDto> {
  if (input.action === "revoke") {
    const revoked = await audited(context, { action: "staff.invite.revoke", target: input.id, details: { reason: input.reason } }, (trx) =>
      revokeToken(trx, input.id, context.actor.email),
    );
    return { message: `Invitation for ${revoked.email} withdrawn: its link no longer works.`, link: null, delivery: null };
  }
  const confirmed = await audited(context, { action: "staff.invite.confirm", target: input.id, details: { reason: input.reason } }, (trx) =>
    confirmInvitation(trx, input.id, context.actor.email, env().inviteTtlHours),
  );
  return {
    message: `Invitation confirmed. Give ${confirmed.email} this link (shown once).`,
    link: linkUrl("/invite", confirmed.token!),
    delivery: "shown",
  };
}

export type StaffAction = {
  email: string;
  action: "set_role" | "deactivate" | "reactivate" | "end_sessions" | "reset_factor" | "reset_password";
  role?: Role;
  reason: string;
};

/** One change to one account, audited with its reason. */
export async function staffAction(input: StaffAction, context: Context): Promise<StaffChangeDto> {
  const email = normalizeEmail(input.email);
  const self = email === normalizeEmail(context.actor.email);
  const entry = (details: AuditDetails = {}): Entry => ({
    action: `staff.${input.action}`,
    target: email,
    details: { reason: input.reason, ...details },
  });
  if (self && (input.action === "set_role" || input.action === "deactivate")) {
    const refusal = "You cannot change your own role or deactivate yourself: ask another admin.";
    await auditRefusal(context, entry(input.role ? { role: input.role } : {}), refusal);
    throw new ApiError("forbidden", refusal);
  }
  if (!(await findUser(db(), email))) throw new ApiError("not_found", `There is no account ${email}.`);
  switch (input.action) {
    case "set_role": {
      const role = input.role;
      if (!role) throw new ApiError("validation", undefined, { fields: { role: ["Choose the new role"] } });
      const from = (await findUser(db(), email))?.role ?? null;
      await audited(context, entry({ role, from }), (trx) => setRole(trx, email, role));
      return { message: `${email} is now ${role}; their sessions have ended.`, link: null, delivery: null };
    }
    case "deactivate":
      await audited(context, entry(), (trx) => deactivateUser(trx, email));
      return { message: `${email} is deactivated; their sessions have ended.`, link: null, delivery: null };
    case "reactivate":
      await audited(context, entry(), (trx) => reactivateUser(trx, email));
      return { message: `${email} can sign in again.`, link: null, delivery: null };
    case "end_sessions":
      await audited(context, entry(), (trx) => signOutEverywhere(trx, email));
      return { message: `Every session of ${email} has ended.`, link: null, delivery: null };
    case "reset_factor":
      await audited(context, entry(), (trx) => resetSecondFactor(trx, email));
      return { message: `${email}'s second factor is removed; their next sign-in enrols a new one.`, link: null, delivery: null };
    case "reset_password":
      return resetPassword(email, input.reason, context);
  }
}

/**
 * A password-reset link. Emailed with SMTP; without, shown once to this admin: unlike an
 * invitation it makes no account, and the person's second factor still guards any sign-in.
 */
async function resetPassword(email: string, reason: string, context: Context): Promise<StaffChangeDto> {
  const emailed = mailConfigured();
  const made = await audited(
    context,
    { action: "staff.reset_password", target: email, details: { reason, delivery: emailed ? "email" : "shown" } },
    (trx) => createResetLink(trx, { email, createdBy: context.actor.email, ttlHours: env().resetTtlHours, emailed }),
  );
  const link = linkUrl("/reset-password", made.token);
  if (!emailed) return { message: `Give ${email} this password-reset link (shown once).`, link, delivery: "shown" };
  await mailLink(
    context,
    made.id,
    email,
    "Set a new Merchant Console password",
    `An admin (${context.actor.email}) sent you a link to set a new password.\n\n` +
      `It works once, for ${env().resetTtlHours} hours, and signs you out everywhere:\n${link}\n\n` +
      "If you did not ask for this, tell your admin.",
  );
  return { message: `Password-reset link emailed to ${email}.`, link: null, delivery: "email" };
}
