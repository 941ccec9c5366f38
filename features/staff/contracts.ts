// The staff page's BFF routes (issue 58), browser-safe: GET /api/staff (the list), POST
// /api/staff/invitations (invite), POST /api/staff/invitations/actions (confirm, withdraw),
// POST /api/staff/actions (one person's change), GET /api/staff/same-inviter (the approvals'
// flag), and the two public link routes the invitation and reset pages post to.
import type * as z from "zod/mini";
import type { Role } from "@/lib/permissions";
import { contract } from "@/lib/contracts/contract";
import type { RedirectDto } from "@/lib/contracts/auth";
import type { staffQuerySchema } from "./schemas";

export type StaffStatus = "invited" | "active" | "deactivated";
export type SecondFactorState = "enrolled" | "blocked" | "none";

/** One row of the list: an account, or an open invitation (status "invited"). */
export type StaffRowDto = {
  email: string;
  name: string;
  role: Role;
  status: StaffStatus;
  /** null for an invitation (no account yet). */
  secondFactor: SecondFactorState | null;
  /** ISO time, or null: never signed in. */
  lastSignInAt: string | null;
  activeSessions: number;
  /** The admin whose invitation made the account, or who made the invitation. */
  invitedBy: string | null;
  invitation: {
    id: string;
    expiresAt: string;
    expired: boolean;
    /** Made without email for a privileged role: another admin must confirm it. */
    awaitingConfirmation: boolean;
    emailed: boolean;
  } | null;
};

export type StaffListDto = {
  rows: StaffRowDto[];
  /** Whether invitations and reset links go out by email (SMTP_URL). */
  mailConfigured: boolean;
  /** The signed-in admin, who cannot demote or deactivate themselves. */
  me: string;
};

/** How a link reached (or will reach) its person. "shown": `link` holds it, shown once; "confirm": waits for a second admin. */
export type LinkDelivery = "email" | "shown" | "confirm";

export type StaffChangeDto = { message: string; link: string | null; delivery: LinkDelivery | null };

export type SameInviterDto = { sameInviter: boolean; inviter: string | null };

export type StaffQuery = z.output<typeof staffQuerySchema>;

export const staffKeys = { list: (query: StaffQuery) => ["staff", query.role ?? "", query.status ?? ""] as const, all: ["staff"] as const };

function staffQueryString(query: StaffQuery): string {
  const params = new URLSearchParams();
  if (query.role) params.set("role", query.role);
  if (query.status) params.set("status", query.status);
  return params.toString();
}

export const staffListContract = contract<StaffListDto>()({
  method: "GET",
  path: (query: StaffQuery) => {
    const qs = staffQueryString(query);
    return qs ? `/api/staff?${qs}` : "/api/staff";
  },
  input: () => import("./schemas").then((m) => m.staffQuerySchema),
});

export const inviteContract = contract<StaffChangeDto>()({
  method: "POST",
  path: () => "/api/staff/invitations",
  input: () => import("./schemas").then((m) => m.inviteSchema),
});

export const invitationActionContract = contract<StaffChangeDto>()({
  method: "POST",
  path: () => "/api/staff/invitations/actions",
  input: () => import("./schemas").then((m) => m.invitationActionSchema),
});

export const staffActionContract = contract<StaffChangeDto>()({
  method: "POST",
  path: () => "/api/staff/actions",
  input: () => import("./schemas").then((m) => m.staffActionSchema),
});

export const sameInviterContract = contract<SameInviterDto>()({
  method: "GET",
  path: ({ a, b }: { a: string; b: string }) => `/api/staff/same-inviter?${new URLSearchParams({ a, b }).toString()}`,
  input: () => import("./schemas").then((m) => m.sameInviterSchema),
});

export const acceptInvitationContract = contract<RedirectDto>()({
  method: "POST",
  path: () => "/api/staff/links/accept",
  input: () => import("./schemas").then((m) => m.linkPasswordSchema),
});

export const resetPasswordContract = contract<RedirectDto>()({
  method: "POST",
  path: () => "/api/staff/links/reset",
  input: () => import("./schemas").then((m) => m.linkPasswordSchema),
});
