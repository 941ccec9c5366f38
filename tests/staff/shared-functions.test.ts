import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";

// Issue 58: the /staff page and the users CLI make a change through the same server function,
// so a rule (the last active admin, a session version bump) holds whichever is used.

/** The names a module imports from `from`. */
async function importsOf(file: string, from: string): Promise<string[]> {
  const source = await readFile(file, "utf8");
  const names: string[] = [];
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    if (match[2] !== from) continue;
    names.push(
      ...match[1]!
        .split(",")
        .map((name) => name.trim().replace(/^type\s+/, ""))
        .filter(Boolean),
    );
  }
  return names;
}

const PAGE = "features/staff/server/staff-actions.ts";
const CLI = "scripts/users.ts";

describe("the staff page and the users CLI", () => {
  it("change roles, (de)activate accounts and end sessions with the same functions of lib/server/users.ts", async () => {
    const shared = ["setRole", "deactivateUser", "reactivateUser", "signOutEverywhere"];
    expect(await importsOf(PAGE, "@/lib/server/users")).toEqual(expect.arrayContaining(shared));
    expect(await importsOf(CLI, "@/lib/server/users")).toEqual(expect.arrayContaining(shared));
  });

  it("reset a second factor with the same function", async () => {
    expect(await importsOf(PAGE, "@/lib/server/second-factor/cli-enrolment")).toContain("resetSecondFactor");
    expect(await importsOf(CLI, "@/lib/server/second-factor/cli-enrolment")).toContain("resetSecondFactor");
  });

  it("leave the accounts table to those functions: the page writes no staff_users row itself", async () => {
    const page = await readFile(PAGE, "utf8");
    expect(page).not.toMatch(/updateTable\("staff_users"\)|insertInto\("staff_users"\)|deleteFrom\("staff_users"\)/);
  });
});
