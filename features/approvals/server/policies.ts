import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { ApprovalPoliciesDto, PolicyChangeInput } from "@/features/approvals/contracts";
import type { Environment } from "@/lib/rails";
import { ApiError } from "@/lib/server/api-error";
import { recordAudit, staffActor } from "@/lib/server/audit/app";
import { db } from "@/lib/server/db/app";
import { listPolicies } from "@/lib/server/money-writes/approvals";

// The approval policies (/settings/approvals, admin): one admin proposes a change, another
// confirms it, so nobody lowers the bar for themselves alone. A change applies to payouts
// submitted after it; a request already made keeps the policy it matched. Every step is audited.

type Admin = { email: string; role: string };
type Trail = { requestId: string; clientAddress: string | null };

export async function readPolicies(mode: Environment, viewer: Admin): Promise<ApprovalPoliciesDto> {
  const [policies, pending] = await Promise.all([
    listPolicies(db(), mode),
    db()
      .selectFrom("approval_policy_changes")
      .selectAll()
      .where("environment", "=", mode)
      .where("status", "=", "pending")
      .orderBy("proposed_at")
      .execute(),
  ]);
  return {
    environment: mode,
    policies: policies.map((p) => ({ ...p, updatedAt: p.updatedAt.toISOString() })),
    pending: pending.map((change) => ({
      id: change.id,
      currency: change.currency,
      action: change.action as "set" | "remove",
      threshold: change.threshold,
      proposedBy: change.proposed_by,
      proposedAt: change.proposed_at.toISOString(),
      mine: change.proposed_by === viewer.email,
    })),
  };
}

const describe = (action: string, threshold: string | null) =>
  action === "remove" ? "no policy" : threshold === null ? "every payout" : `at or above ${threshold}`;

/** A proposed change, pending until a second admin confirms it; one pending change per currency. */
export async function proposePolicy(mode: Environment, input: PolicyChangeInput, admin: Admin, trail: Trail): Promise<ApprovalPoliciesDto> {
  const action = input.action === "remove" ? "remove" : "set";
  const threshold = input.action === "threshold" ? (input.threshold ?? "").replace(/,/g, "").replace(/^0+(?=\d)/, "") : null;
  const id = `apc_${randomUUID().replace(/-/g, "").slice(0, 20)}`;
  const inserted = await db()
    .insertInto("approval_policy_changes")
    .values({ id, environment: mode, currency: input.currency, action, threshold, proposed_by: admin.email })
    .onConflict((conflict) => conflict.columns(["environment", "currency"]).where("status", "=", "pending").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted)
    throw new ApiError(
      "changed_since_read",
      `A change of the ${input.currency} policy already waits for a second admin: confirm or cancel it first.`,
    );
  await recordAudit({
    actor: staffActor(admin),
    environment: mode,
    action: "approval_policy.proposed",
    targetIds: [id],
    ...trail,
    result: "pending",
    details: { currency: input.currency, change: describe(action, threshold) },
  });
  return readPolicies(mode, admin);
}

/** A second admin confirms a pending change: it applies now, to payouts submitted from now on. */
export async function confirmPolicy(mode: Environment, id: string, admin: Admin, trail: Trail): Promise<ApprovalPoliciesDto> {
  const change = await db()
    .selectFrom("approval_policy_changes")
    .selectAll()
    .where("environment", "=", mode)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!change) throw new ApiError("not_found", "No such policy change.");
  if (change.proposed_by === admin.email) throw new ApiError("forbidden", "You proposed this change: another admin must confirm it.");
  const applied = await db()
    .transaction()
    .execute(async (trx) => {
      const moved = await trx
        .updateTable("approval_policy_changes")
        .set({ status: "applied", decided_by: admin.email, decided_at: sql<Date>`now()` })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .returningAll()
        .executeTakeFirst();
      if (!moved) return false;
      if (moved.action === "remove")
        await trx.deleteFrom("approval_policies").where("environment", "=", mode).where("currency", "=", moved.currency).execute();
      else
        await trx
          .insertInto("approval_policies")
          .values({
            environment: mode,
            currency: moved.currency,
            threshold: moved.threshold,
            set_by: moved.proposed_by,
            confirmed_by: admin.email,
          })
          .onConflict((conflict) =>
            conflict.columns(["environment", "currency"]).doUpdateSet({
              threshold: moved.threshold,
              set_by: moved.proposed_by,
              confirmed_by: admin.email,
              updated_at: sql<Date>`now()`,
            }),
          )
          .execute();
      return true;
    });
  if (!applied) throw new ApiError("changed_since_read", "This change was already confirmed or cancelled.");
  await recordAudit({
    actor: staffActor(admin),
    environment: mode,
    action: "approval_policy.confirmed",
    targetIds: [id],
    ...trail,
    result: "applied",
    details: { currency: change.currency, change: describe(change.action, change.threshold), proposedBy: change.proposed_by },
  });
  return readPolicies(mode, admin);
}

/** Any admin may withdraw a pending change (nothing applies). */
export async function cancelPolicy(mode: Environment, id: string, admin: Admin, trail: Trail): Promise<ApprovalPoliciesDto> {
  const moved = await db()
    .updateTable("approval_policy_changes")
    .set({ status: "cancelled", decided_by: admin.email, decided_at: sql<Date>`now()` })
    .where("environment", "=", mode)
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
  if (!moved) throw new ApiError("changed_since_read", "This change was already confirmed or cancelled.");
  await recordAudit({
    actor: staffActor(admin),
    environment: mode,
    action: "approval_policy.cancelled",
    targetIds: [id],
    ...trail,
    result: "cancelled",
    details: { currency: moved.currency, change: describe(moved.action, moved.threshold) },
  });
  return readPolicies(mode, admin);
}

/** A policy change's id from a route's path. */
export function policyChangeIdOf(raw: unknown): string {
  if (typeof raw !== "string" || !/^apc_[0-9a-f]{20}$/.test(raw)) throw new ApiError("not_found", "No such policy change.");
  return raw;
}
