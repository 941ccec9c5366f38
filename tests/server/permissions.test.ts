import { describe, expect, it } from "vitest";
import {
  can,
  isPrivilegedRole,
  navFor,
  PERMISSIONS,
  permissionsOf,
  requiresSecondFactor,
  ROLES,
  SECOND_FACTOR_PERMISSIONS,
  type Permission,
  type Role,
} from "@/lib/permissions";

// The table, written out independently of lib/permissions.ts.
const EXPECTED: Record<Role, Permission[]> = {
  admin: [...PERMISSIONS],
  finance: ["balances:read", "transactions:read", "lookup:read", "nigeria:read", "money:write"],
  support: ["transactions:read", "lookup:read"],
  viewer: ["balances:read", "transactions:read", "lookup:read", "nigeria:read"],
  approver: ["balances:read", "transactions:read", "payouts:approve"],
};

describe("permission matrix", () => {
  for (const role of ROLES) {
    for (const permission of PERMISSIONS) {
      const allowed = EXPECTED[role].includes(permission);
      it(`${role} ${allowed ? "may" : "may not"} ${permission}`, () => {
        expect(can(role, permission)).toBe(allowed);
      });
    }
  }

  it("only admin manages settings; support and viewer never move money", () => {
    expect(ROLES.filter((role) => can(role, "settings:manage"))).toEqual(["admin"]);
    expect(ROLES.filter((role) => can(role, "money:write"))).toEqual(["admin", "finance"]);
    expect(permissionsOf("support")).not.toContain("balances:read");
  });

  it("the approver approves and creates nothing; approving needs a second factor", () => {
    expect(ROLES.filter((role) => can(role, "payouts:approve"))).toEqual(["admin", "approver"]);
    expect(can("approver", "money:write")).toBe(false);
    expect(SECOND_FACTOR_PERMISSIONS).toContain("payouts:approve");
    expect(requiresSecondFactor("approver")).toBe(true);
    expect(navFor("approver").map((item) => item.href)).toEqual(["/", "/transactions", "/approvals"]);
  });

  it("navigation shows only what the role may use", () => {
    for (const role of ROLES) {
      for (const item of navFor(role)) expect(can(role, item.permission)).toBe(true);
    }
    expect(navFor("support").map((item) => item.href)).toEqual(["/transactions", "/lookup"]);
    expect(navFor("viewer").map((item) => item.href)).not.toContain("/settings");
    expect(navFor("admin").map((item) => item.href)).toContain("/staff");
  });

  it("only admin manages staff, and doing so needs a second factor", () => {
    expect(ROLES.filter((role) => can(role, "staff:manage"))).toEqual(["admin"]);
    expect(requiresSecondFactor("admin")).toBe(true);
  });

  it("privileged roles (an invite needs an email or a second admin) are computed from the permissions", () => {
    expect(ROLES.filter(isPrivilegedRole)).toEqual(["admin", "finance", "approver"]);
    // Every role that needs a second factor is privileged: a new approving permission joins at once.
    for (const role of ROLES) if (requiresSecondFactor(role)) expect(isPrivilegedRole(role)).toBe(true);
  });
});
