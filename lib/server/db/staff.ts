import "server-only";
import type { Selectable } from "kysely";
import { isRole, type Role } from "@/lib/permissions";
import type { StaffUsersTable } from "./schema";

// A staff account as the app sees it, and how a staff_users row becomes one. Shared by
// the store (lib/server/users.ts) and the one-time import of the old users file.

export type StaffUser = {
  email: string;
  name: string;
  role: Role;
  /** scrypt$N$r$p$salt$hash (lib/server/password.ts). */
  passwordHash: string;
  /** Bumped by every change that must end existing sessions. */
  sessionVersion: number;
};

/** How an email is stored and looked up: one account per address, whatever its case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toStaffUser(row: Selectable<StaffUsersTable>): StaffUser {
  // The table's check constraint allows only these; a row outside them is a bug, not data.
  if (!isRole(row.role)) throw new Error(`staff_users holds an unknown role for one account: ${row.role}`);
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    passwordHash: row.password_hash,
    sessionVersion: row.session_version,
  };
}
