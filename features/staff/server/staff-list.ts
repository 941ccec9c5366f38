import "server-only";
import { sql } from "kysely";
import type { StaffListDto, StaffQuery, StaffRowDto, SecondFactorState } from "@/features/staff/contracts";
import { isRole } from "@/lib/permissions";
import { db } from "@/lib/server/db/app";
import { mailConfigured } from "@/lib/server/mail";
import { ABSOLUTE_LIFETIME_MS, IDLE_TIMEOUT_MS } from "@/lib/server/sessions/session-store";

// The /staff list: every account with its second factor, last sign-in and live sessions, and
// every open invitation as an "invited" row. Filters by role and status run in the query.

export async function staffList(query: StaffQuery, me: string): Promise<StaffListDto> {
  const now = Date.now();
  const rows: StaffRowDto[] = [];
  if (query.status !== "invited") {
    let accounts = db()
      .selectFrom("staff_users as u")
      .leftJoin("staff_totp as t", "t.user_email", "u.email")
      .leftJoin("staff_code_failures as f", "f.user_email", "u.email")
      .select((eb) => [
        "u.email",
        "u.name",
        "u.role",
        "u.status",
        "u.invited_by",
        "u.last_sign_in_at",
        eb.fn.coalesce(sql<boolean>`t.user_email is not null`, sql<boolean>`false`).as("enrolled"),
        sql<boolean>`f.blocked_at is not null and (f.password_reset_at is null or f.password_reset_at < f.blocked_at)`.as("blocked"),
        eb
          .selectFrom("staff_sessions as s")
          .select(eb.fn.countAll<string>().as("n"))
          .whereRef("s.user_email", "=", "u.email")
          .whereRef("s.session_version", "=", "u.session_version")
          .where("s.stage", "=", "active")
          .where("s.created_at", ">", new Date(now - ABSOLUTE_LIFETIME_MS))
          .where("s.last_seen_at", ">", new Date(now - IDLE_TIMEOUT_MS))
          .as("sessions"),
      ])
      .orderBy("u.name")
      .orderBy("u.email");
    if (query.role) accounts = accounts.where("u.role", "=", query.role);
    if (query.status) accounts = accounts.where("u.status", "=", query.status);
    for (const row of await accounts.execute()) {
      if (!isRole(row.role)) continue;
      const secondFactor: SecondFactorState = row.blocked ? "blocked" : row.enrolled ? "enrolled" : "none";
      rows.push({
        email: row.email,
        name: row.name,
        role: row.role,
        status: row.status === "deactivated" ? "deactivated" : "active",
        secondFactor,
        lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
        activeSessions: Number(row.sessions ?? 0),
        invitedBy: row.invited_by,
        invitation: null,
      });
    }
  }
  if (query.status === undefined || query.status === "invited") {
    let invitations = db()
      .selectFrom("staff_tokens")
      .selectAll()
      .where("kind", "=", "invite")
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .orderBy("created_at", "desc");
    if (query.role) invitations = invitations.where("role", "=", query.role);
    for (const row of await invitations.execute()) {
      if (!isRole(row.role)) continue;
      rows.push({
        email: row.email,
        name: row.name ?? row.email,
        role: row.role,
        status: "invited",
        secondFactor: null,
        lastSignInAt: null,
        activeSessions: 0,
        invitedBy: row.created_by,
        invitation: {
          id: row.id,
          expiresAt: row.expires_at.toISOString(),
          expired: row.expires_at.getTime() <= now,
          awaitingConfirmation: row.needs_confirmation && row.confirmed_at === null,
          emailed: row.emailed,
        },
      });
    }
  }
  return { rows, mailConfigured: mailConfigured(), me };
}
