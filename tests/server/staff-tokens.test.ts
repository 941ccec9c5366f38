import { sql } from "kysely";
import { describe, expect, it, onTestFinished } from "vitest";
import { verifyPassword } from "@/lib/server/password";
import { createSessionStore } from "@/lib/server/sessions/session-store";
import {
  acceptInvitation,
  confirmInvitation,
  createInvitation,
  createResetLink,
  inspectToken,
  resetPasswordWithToken,
  revokeToken,
  StaffTokenError,
} from "@/lib/server/staff-tokens";
import { addUser, deactivateUser, findActiveUser, findUser, listUsers, reactivateUser, setRole } from "@/lib/server/users";
import { createTestDatabase, setupTestDatabase } from "../support/db";

const database = setupTestDatabase();
const PASSWORD = "violet kestrel harbour 42";
const ADMIN = "boss@staff.test";

let counter = 0;
const address = () => `person${++counter}@staff.test`;

function invite(email = address(), role = "support", delivery: "email" | "shown" | "confirm" = "shown") {
  return createInvitation(database.db, { email, name: "New Person", role, createdBy: ADMIN, delivery, ttlHours: 72 });
}

const problem = (promise: Promise<unknown>) =>
  promise.then(
    () => "none",
    (error: unknown) => (error instanceof StaffTokenError ? error.problem : `other: ${String(error)}`),
  );

describe("invitation links", () => {
  it("stores only the token's SHA-256 and makes the account once, with its inviter", async () => {
    const made = await invite();
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await sql<{ row: string }>`select row_to_json(staff_tokens)::text as row from staff_tokens`.execute(database.db);
    expect(rows.map((r) => r.row).join("\n")).not.toContain(made.token!);
    expect(await inspectToken(database.db, made.token!, "invite")).toMatchObject({ email: made.email, role: "support" });

    const user = await acceptInvitation(database.db, made.token!, PASSWORD);
    expect(user).toMatchObject({ email: made.email, role: "support", name: "New Person" });
    expect(await verifyPassword(PASSWORD, user.passwordHash)).toBe(true);
    const row = await database.db.selectFrom("staff_users").select("invited_by").where("email", "=", made.email).executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(ADMIN);
    // Replayed (another browser, the same link): refused, nothing changes.
    expect(await problem(acceptInvitation(database.db, made.token!, "another long password 99"))).toBe("used");
    expect(await verifyPassword(PASSWORD, (await findUser(database.db, made.email))!.passwordHash)).toBe(true);
  });

  it("refuses a wrong, expired or withdrawn link in plain words, and changes nothing", async () => {
    const made = await invite();
    expect(await problem(acceptInvitation(database.db, "x".repeat(43), PASSWORD))).toBe("unknown");
    expect(await problem(acceptInvitation(database.db, "not even a token", PASSWORD))).toBe("unknown");
    await expect(inspectToken(database.db, "x".repeat(43), "invite")).rejects.toThrow(/not valid/);
    // An invitation token is not a reset token.
    expect(await problem(resetPasswordWithToken(database.db, made.token!, PASSWORD))).toBe("unknown");

    await database.db
      .updateTable("staff_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("email", "=", made.email)
      .execute();
    expect(await problem(acceptInvitation(database.db, made.token!, PASSWORD))).toBe("expired");
    await expect(inspectToken(database.db, made.token!, "invite")).rejects.toThrow("This link has expired. Ask an admin for a new one.");

    const other = await invite();
    await revokeToken(database.db, other.id, ADMIN);
    expect(await problem(acceptInvitation(database.db, other.token!, PASSWORD))).toBe("revoked");
    expect(await findUser(database.db, made.email)).toBeUndefined();
    expect(await findUser(database.db, other.email)).toBeUndefined();
  });

  it("keeps the link unused when the password is refused", async () => {
    const made = await invite();
    await expect(acceptInvitation(database.db, made.token!, "short")).rejects.toThrow(/12 characters/);
    expect(await inspectToken(database.db, made.token!, "invite")).toMatchObject({ email: made.email });
  });

  it("gives one success to two browsers using the same link at once", async () => {
    const made = await invite();
    const both = await Promise.allSettled([
      acceptInvitation(database.db, made.token!, PASSWORD),
      acceptInvitation(database.db, made.token!, "another long password 99"),
    ]);
    expect(both.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
  });

  it("refuses an existing email, an open invitation, an unknown role, a long or marked-up name", async () => {
    await addUser(database.db, { email: "here@staff.test", name: "Here", role: "viewer", password: PASSWORD });
    await expect(invite("Here@Staff.test")).rejects.toThrow("here@staff.test already has an account.");
    const email = address();
    await invite(email);
    await expect(invite(email)).rejects.toThrow(/has an open invitation already/);
    await expect(invite(address(), "superuser")).rejects.toThrow('There is no role "superuser".');
    const long = createInvitation(database.db, {
      email: address(),
      name: "N".repeat(300),
      role: "viewer",
      createdBy: ADMIN,
      delivery: "shown",
      ttlHours: 1,
    });
    await expect(long).rejects.toThrow("A name has at most 200 characters.");
    const markup = createInvitation(database.db, {
      email: address(),
      name: "<b>Eve</b>",
      role: "viewer",
      createdBy: ADMIN,
      delivery: "shown",
      ttlHours: 1,
    });
    await expect(markup).rejects.toThrow("A name cannot hold < or >.");
    await expect(invite("not an address")).rejects.toThrow(/not an email address/);
  });

  it("an invitation waiting for a second admin has no usable link until another admin confirms it", async () => {
    const made = await invite(address(), "finance", "confirm");
    expect(made.token).toBeNull();
    await expect(confirmInvitation(database.db, made.id, ADMIN, 72)).rejects.toThrow(/Another admin must confirm/);
    const confirmed = await confirmInvitation(database.db, made.id, "second@staff.test", 72);
    expect(confirmed.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(confirmInvitation(database.db, made.id, "third@staff.test", 72)).rejects.toThrow(/confirmed already/);
    expect(await acceptInvitation(database.db, confirmed.token!, PASSWORD)).toMatchObject({ role: "finance" });
  });
});

describe("password-reset links", () => {
  it("sets the password once, ends every session, and withdraws an earlier link", async () => {
    const email = address();
    await addUser(database.db, { email, name: "Resetting", role: "viewer", password: PASSWORD });
    const sessions = createSessionStore(database.db);
    const before = (await findUser(database.db, email))!;
    await sessions.create({
      email,
      sessionVersion: before.sessionVersion,
      stage: "active",
      mode: "test",
      clientAddress: "x",
      userAgent: "y",
    });

    const first = await createResetLink(database.db, { email, createdBy: ADMIN, ttlHours: 1, emailed: false });
    const second = await createResetLink(database.db, { email, createdBy: ADMIN, ttlHours: 1, emailed: false });
    expect(await problem(resetPasswordWithToken(database.db, first.token, "a brand new passphrase 7"))).toBe("revoked");

    const after = await resetPasswordWithToken(database.db, second.token, "a brand new passphrase 7");
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    // The session's version is behind the account's: session.ts ends it at its next request.
    expect(await sessions.listFor(email)).toEqual([]);
    expect(await problem(resetPasswordWithToken(database.db, second.token, "yet another passphrase 8"))).toBe("used");
    expect(await verifyPassword("a brand new passphrase 7", (await findUser(database.db, email))!.passwordHash)).toBe(true);
  });

  it("is refused for a deactivated account, and a link made before the deactivation no longer works", async () => {
    const email = address();
    await addUser(database.db, { email, name: "Leaving", role: "viewer", password: PASSWORD });
    const link = await createResetLink(database.db, { email, createdBy: ADMIN, ttlHours: 1, emailed: false });
    await deactivateUser(database.db, email);
    await expect(createResetLink(database.db, { email, createdBy: ADMIN, ttlHours: 1, emailed: false })).rejects.toThrow(/is deactivated/);
    await expect(resetPasswordWithToken(database.db, link.token, "a brand new passphrase 7")).rejects.toThrow(/deactivated/);
    expect(await verifyPassword(PASSWORD, (await findUser(database.db, email))!.passwordHash)).toBe(true);
  });
});

describe("deactivation", () => {
  it("hides the account from sign-in and sessions until reactivated", async () => {
    const email = address();
    await addUser(database.db, { email, name: "Away", role: "viewer", password: PASSWORD });
    const deactivated = await deactivateUser(database.db, email);
    expect(deactivated.sessionVersion).toBe(2);
    expect(await findActiveUser(database.db, email)).toBeUndefined();
    await expect(deactivateUser(database.db, email)).rejects.toThrow(/deactivated already/);
    await reactivateUser(database.db, email);
    expect(await findActiveUser(database.db, email)).toMatchObject({ email });
    await expect(reactivateUser(database.db, email)).rejects.toThrow(/active already/);
  });

  it("never leaves no active admin, when two admins act at once on the real database", async () => {
    const fresh = await createTestDatabase();
    onTestFinished(() => fresh.drop());
    await addUser(fresh.db, { email: "one@admins.test", name: "One", role: "admin", password: PASSWORD });
    await addUser(fresh.db, { email: "two@admins.test", name: "Two", role: "admin", password: PASSWORD });
    // Each deactivates the other, or demotes them: both together would leave none.
    const both = await Promise.allSettled([deactivateUser(fresh.db, "one@admins.test"), setRole(fresh.db, "two@admins.test", "viewer")]);
    expect(both.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = both.find((outcome) => outcome.status === "rejected");
    expect(String((refused as PromiseRejectedResult).reason)).toMatch(/last active admin/);
    const admins = (await listUsers(fresh.db)).filter((user) => user.role === "admin");
    const active = await Promise.all(admins.map((admin) => findActiveUser(fresh.db, admin.email)));
    expect(active.filter(Boolean)).toHaveLength(1);
  });
});
