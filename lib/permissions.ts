// The one permission matrix. The BFF enforces it; the navigation reflects it.
export const ROLES = ["admin", "finance", "support", "viewer", "approver"] as const;
export type Role = (typeof ROLES)[number];

/** @internal */
export const PERMISSIONS = [
  "balances:read",
  "transactions:read",
  "lookup:read",
  "nigeria:read",
  "money:write",
  "settings:manage",
  // The audit trail (/audit): admin only.
  "audit:read",
  // Maker-checker (/approvals): approve or reject a payout a policy held; never the approver's own.
  "payouts:approve",
  // Staff administration (/staff): invite, change roles, deactivate, end sessions, reset factors. Admin only.
  "staff:manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MATRIX: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  finance: ["balances:read", "transactions:read", "lookup:read", "nigeria:read", "money:write"],
  support: ["transactions:read", "lookup:read"],
  viewer: ["balances:read", "transactions:read", "lookup:read", "nigeria:read"],
  // Reads balances and transactions, approves and rejects; creates nothing.
  approver: ["balances:read", "transactions:read", "payouts:approve"],
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function permissionsOf(role: Role): readonly Permission[] {
  return MATRIX[role];
}

export function can(role: Role, permission: Permission): boolean {
  return MATRIX[role].includes(permission);
}

export type NavItem = { href: string; label: string; permission: Permission };

// Order is the order shown in the sidebar.
/** @internal */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "Overview", permission: "balances:read" },
  { href: "/transactions", label: "Transactions", permission: "transactions:read" },
  { href: "/lookup", label: "Lookup", permission: "lookup:read" },
  { href: "/nigeria/virtual-account", label: "Nigeria account", permission: "nigeria:read" },
  { href: "/nigeria/payouts", label: "Nigeria payouts", permission: "nigeria:read" },
  { href: "/payins", label: "Request payment", permission: "money:write" },
  { href: "/payouts", label: "Payouts", permission: "money:write" },
  { href: "/approvals", label: "Approvals", permission: "payouts:approve" },
  { href: "/settings", label: "Settings", permission: "settings:manage" },
  { href: "/audit", label: "Audit trail", permission: "audit:read" },
  { href: "/staff", label: "Staff", permission: "staff:manage" },
];

export function navFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => can(role, item.permission));
}

/**
 * Permissions whose holders must sign in with a second factor, and whose writes need a fresh
 * one (step-up, lib/server/step-up.ts): what moves money or changes access, and approving a payout.
 */
export const SECOND_FACTOR_PERMISSIONS: readonly Permission[] = ["money:write", "settings:manage", "staff:manage", "payouts:approve"];

export function requiresSecondFactor(role: Role): boolean {
  return SECOND_FACTOR_PERMISSIONS.some((permission) => can(role, permission));
}

/**
 * A role that moves money, approves or administers: one holding any permission that needs a second
 * factor, or staff:manage. Computed, not listed, so a role a later permission joins (an approver)
 * counts at once. Without a delivered email, an invitation to such a role waits for a second
 * admin's confirmation, so one admin cannot mint a colleague for themselves (issue 58).
 */
export function isPrivilegedRole(role: Role): boolean {
  return requiresSecondFactor(role) || can(role, "staff:manage");
}
