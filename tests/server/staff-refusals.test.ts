// A staff change an admin asks for and is refused (the last active admin, their own role) is on
// the audit trail as "refused", with the refusal's words, and changes nothing; a change that is
// made has one "ok" entry and no refusal beside it.
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/server/api-error";
import { findActiveUser, findUser, setRole } from "@/lib/server/users";
import { stubDashboardEnv, testDatabase } from "./support/bff-harness";

const { staffAction } = await import("@/features/staff/server/staff-actions");

const ADMIN = "admin@demo.test";
const OTHER_ADMIN = "admin2@demo.test";
const context = { actor: { email: ADMIN, role: "admin" }, requestId: "req-refusal", clientAddress: "203.0.113.9" };

async function entries(action: string) {
  return testDatabase.db
    .selectFrom("audit_log")
    .select(["actor_email", "target_ids", "result", "details"])
    .where("action", "=", action)
    .where("request_id", "=", context.requestId)
    .execute();
}

async function refusalOf(run: () => Promise<unknown>): Promise<ApiError> {
  const error = await run().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("refused staff changes on the audit trail", () => {
  it("records an admin's own role change, refused, and changes nothing", async () => {
    await stubDashboardEnv("http://127.0.0.1:9");
    const refused = await refusalOf(() => staffAction({ email: ADMIN, action: "set_role", role: "viewer", reason: "tidying up" }, context));
    expect(refused.message).toContain("cannot change your own role");
    expect((await findUser(testDatabase.db, ADMIN))?.role).toBe("admin");
    const [entry, ...more] = await entries("staff.set_role");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor_email: ADMIN, target_ids: [ADMIN], result: "refused" });
    expect(entry!.details).toMatchObject({ reason: "tidying up", role: "viewer", refusal: expect.stringContaining("your own role") });
  });

  it("records deactivating the last active admin, refused in the store's words, and leaves them active", async () => {
    await stubDashboardEnv("http://127.0.0.1:9");
    // The acting admin is no longer one, as in a race another admin won (e2e/staff-race.spec.ts).
    await setRole(testDatabase.db, ADMIN, "viewer");
    const refused = await refusalOf(() => staffAction({ email: OTHER_ADMIN, action: "deactivate", reason: "left the company" }, context));
    expect(refused.message).toBe(`${OTHER_ADMIN} is the last active admin: make someone else an admin first.`);
    expect((await findActiveUser(testDatabase.db, OTHER_ADMIN))?.role).toBe("admin");
    const [entry, ...more] = await entries("staff.deactivate");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor_email: ADMIN, target_ids: [OTHER_ADMIN], result: "refused" });
    expect(entry!.details).toMatchObject({ reason: "left the company", refusal: refused.message });

    // A change that is made: one "ok" entry, no refusal.
    await setRole(testDatabase.db, ADMIN, "admin");
    await staffAction({ email: OTHER_ADMIN, action: "end_sessions", reason: "lost laptop" }, context);
    expect((await entries("staff.end_sessions")).map((row) => row.result)).toEqual(["ok"]);
  });
});
