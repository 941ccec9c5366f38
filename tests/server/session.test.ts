import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createHash } from "node:crypto";
import { sealData, unsealData } from "iron-session";
import { cookieJar } from "./support/cookie-jar";
import { expectOnlyTheNewCookie } from "./support/cookie-swap";
import { call, DEMO_PASSWORD, signInWithFactor, SESSION_SECRET, stubDashboardEnv } from "./support/bff-harness";

vi.mock("next/headers", () => import("./support/next-headers-mock"));

const { POST: signInRoute } = await import("@/app/api/auth/sign-in/route");
const { POST: signOutRoute } = await import("@/app/api/auth/sign-out/route");
const { GET: sessionRoute } = await import("@/app/api/session/route");
const { PUT: modeRoute } = await import("@/app/api/session/mode/route");
const { GET: balancesRoute } = await import("@/app/api/balances/route");
const { GET: idleRoute } = await import("@/app/api/session/idle/route");
const { BACKGROUND_READ_HEADER } = await import("@/lib/contracts/csrf");
const { ABSOLUTE_LIFETIME_MS, IDLE_TIMEOUT_MS, SIGN_IN_STEP_LIFETIME_MS, sessionExpiry } =
  await import("@/lib/server/sessions/session-store");
const { getPendingSignIn } = await import("@/lib/server/session");
const { requirePageSession } = await import("@/lib/server/session");
const users = await import("@/lib/server/users");

const MINUTE = 60_000;
let usersDb: Awaited<ReturnType<typeof stubDashboardEnv>>["db"];

beforeAll(async () => {
  // No payments call happens here; the base URL is never contacted.
  ({ db: usersDb } = await stubDashboardEnv("http://127.0.0.1:9"));
});

beforeEach(() => {
  cookieJar.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2030-01-01T08:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

const signInAs = (email: string) => signInWithFactor(email);

const sessionStatus = async () => (await call(sessionRoute, "GET", "/api/session")).status;

describe("sessionExpiry", () => {
  const start = 1_000_000;
  const at = (ms: number) => new Date(ms);
  it("is active, then idle after 30 minutes without use, and ends after 12 hours whatever the use", () => {
    const active = { createdAt: at(start), lastSeenAt: at(start), stage: "active" } as const;
    expect(sessionExpiry(active, start + IDLE_TIMEOUT_MS - 1)).toBe("active");
    expect(sessionExpiry(active, start + IDLE_TIMEOUT_MS)).toBe("idle");
    const late = start + ABSOLUTE_LIFETIME_MS;
    expect(sessionExpiry({ ...active, lastSeenAt: at(late - 1) }, late)).toBe("absolute");
  });

  it("ends a sign-in still owing its code or enrolment 15 minutes after the password, used or not", () => {
    for (const stage of ["second_factor", "enrol"] as const) {
      const owing = { createdAt: at(start), lastSeenAt: at(start + SIGN_IN_STEP_LIFETIME_MS - 1), stage };
      expect(sessionExpiry(owing, start + SIGN_IN_STEP_LIFETIME_MS - 1)).toBe("active");
      expect(sessionExpiry(owing, start + SIGN_IN_STEP_LIFETIME_MS)).toBe("unfinished");
    }
    // Signed in, the same age is nothing.
    expect(sessionExpiry({ createdAt: at(start), lastSeenAt: at(start + 20 * MINUTE), stage: "active" }, start + 20 * MINUTE)).toBe(
      "active",
    );
  });
});

describe("a sign-in left at its code step", () => {
  it("is gone 15 minutes after the password, though it was used in between", async () => {
    const response = await call(signInRoute, "POST", "/api/auth/sign-in", {
      body: { email: "finance@demo.test", password: DEMO_PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(await getPendingSignIn()).not.toBeNull();
    vi.advanceTimersByTime(14 * MINUTE);
    expect(await getPendingSignIn()).not.toBeNull();
    vi.advanceTimersByTime(MINUTE);
    expect(await getPendingSignIn()).toBeNull();
  });
});

// Issue 19's three defects, as an attacker found them: each failed on the cookie-only session.
describe("the session is the server's row, not the cookie", () => {
  const COOKIE = "merchant-console";

  it("defect 1: a copy of the cookie taken before sign-out is refused afterwards, by every route", async () => {
    await signInAs("finance@demo.test");
    const copy = cookieJar.get(COOKIE)!.value;
    expect((await call(sessionRoute, "GET", "/api/session")).status).toBe(200);
    expect((await call(signOutRoute, "POST", "/api/auth/sign-out")).status).toBe(200);
    cookieJar.set(COOKIE, copy);
    expect(await sessionStatus()).toBe(401);
    expect((await call(balancesRoute, "GET", "/api/balances")).status).toBe(401);
    // Still refused 29 minutes later, used or not: the row is gone, there is nothing to slide.
    vi.advanceTimersByTime(29 * MINUTE);
    cookieJar.set(COOKIE, copy);
    expect(await sessionStatus()).toBe(401);
  });

  it("signing in again ends the session the old cookie named, so a copy of it is refused", async () => {
    await signInAs("finance@demo.test");
    const copy = cookieJar.get(COOKIE)!.value;
    const before = await usersDb.selectFrom("staff_sessions").select("id").where("user_email", "=", "finance@demo.test").execute();
    // The same browser signs in again, its old cookie still set.
    await signInAs("finance@demo.test");
    const after = await usersDb.selectFrom("staff_sessions").select("id").where("user_email", "=", "finance@demo.test").execute();
    expect(after).toHaveLength(before.length); // one row replaced, not one more
    expect(await sessionStatus()).toBe(200);
    await expectOnlyTheNewCookie(COOKIE, copy, cookieJar.get(COOKIE)!.value, sessionStatus);
  });

  it("defect 3: a cookie sealed with the real secret but carrying a future issuedAt is no session, and is not re-sealed", async () => {
    await signInAs("admin@demo.test");
    const future = Date.now() + 365 * 24 * 60 * MINUTE;
    const forged = await sealData(
      { email: "admin@demo.test", sessionVersion: 1, mode: "live", issuedAt: future, lastSeenAt: future },
      { password: SESSION_SECRET, ttl: 12 * 60 * 60 },
    );
    cookieJar.set(COOKIE, forged);
    expect(await sessionStatus()).toBe(401);
    expect(cookieJar.get(COOKIE)).toBeUndefined();
    // A well-formed secret that names no row is refused the same way.
    cookieJar.set(COOKIE, await sealData({ secret: "A".repeat(43) }, { password: SESSION_SECRET, ttl: 12 * 60 * 60 }));
    expect(await sessionStatus()).toBe(401);
  });

  it("records who, from where and with which browser; the row holds only a hash of the cookie's secret", async () => {
    await call(signInRoute, "POST", "/api/auth/sign-in", {
      body: { email: "support@demo.test", password: DEMO_PASSWORD },
      headers: { "x-client-address": "198.51.100.7", "user-agent": "Mozilla/5.0 (test) Desk" },
    });
    const rows = await usersDb.selectFrom("staff_sessions").selectAll().where("user_email", "=", "support@demo.test").execute();
    // support@demo.test has a TOTP factor: the row waits for its code.
    expect(rows.at(-1)).toMatchObject({ client_address: "198.51.100.7", user_agent: "Mozilla/5.0 (test) Desk", stage: "second_factor" });
    const sealed = cookieJar.get(COOKIE)!.value;
    const { secret } = await unsealData<{ secret: string }>(sealed, { password: SESSION_SECRET });
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(rows.at(-1)?.secret_hash).toBe(createHash("sha256").update(secret).digest("hex"));
  });
});

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/ and not Secure over http", async () => {
    await signInAs("viewer@demo.test");
    expect(cookieJar.options("merchant-console")).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure: false });
    const session = await call(sessionRoute, "GET", "/api/session");
    expect(session.json).toMatchObject({ user: { email: "viewer@demo.test", role: "viewer" }, mode: "test", modes: ["test", "live"] });
    expect(session.json.permissions).toContain("balances:read");
    // Never the hash or the session version.
    expect(session.text).not.toMatch(/scrypt|sessionVersion/);
  });

  it("opens every new sign-in in test mode, whatever was chosen before, and audits each switch with who and from where", async () => {
    await signInAs("support@demo.test");
    const switched = await call(modeRoute, "PUT", "/api/session/mode", {
      body: { mode: "live" },
      headers: { "x-client-address": "198.51.100.77" },
    });
    expect(switched.status).toBe(200);
    const entry = await usersDb
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "session.mode")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actor_email: "support@demo.test",
      client_address: "198.51.100.77",
      result: "ok",
      details: { mode: "live", previousMode: "test" },
    });
    await call(signOutRoute, "POST", "/api/auth/sign-out");
    cookieJar.clear();
    // Issue 54: a session that opened in live because live was last chosen moved real money by
    // habit. Every sign-in starts in test; live is a switch the person makes, and the trail holds.
    await signInAs("support@demo.test");
    expect((await call(sessionRoute, "GET", "/api/session")).json.mode).toBe("test");
  });

  it("slides the idle timeout on use and ends after 30 idle minutes", async () => {
    await signInAs("viewer@demo.test");
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(29 * MINUTE);
      expect(await sessionStatus()).toBe(200);
    }
    vi.advanceTimersByTime(31 * MINUTE);
    expect(await sessionStatus()).toBe(401);
    // The stale cookie was cleared, not just ignored.
    expect(cookieJar.getAll()).toEqual([]);
  });

  // Issue 54, defect 3: the balances poll, focus refetches and the transactions refresh kept a
  // dashboard left open on an unattended desk signed in for 12 hours.
  it("lets a read the browser marks as background leave the idle clock alone; the session ends 30 minutes after the person's last request", async () => {
    await signInAs("viewer@demo.test");
    const background = { headers: { [BACKGROUND_READ_HEADER]: "1" } };
    vi.advanceTimersByTime(10 * MINUTE);
    expect((await call(sessionRoute, "GET", "/api/session")).status).toBe(200); // the person, at minute 10
    for (let minute = 11; minute < 40; minute++) {
      vi.advanceTimersByTime(MINUTE);
      expect((await call(balancesRoute, "GET", "/api/balances", background)).status, `minute ${minute}`).not.toBe(401);
    }
    const idle = await call(idleRoute, "GET", "/api/session/idle", background);
    expect(idle.status).toBe(200);
    expect(idle.json).toEqual({ idleEndsAt: new Date(Date.parse("2030-01-01T08:00:00Z") + 40 * MINUTE).toISOString() });
    vi.advanceTimersByTime(MINUTE);
    expect((await call(sessionRoute, "GET", "/api/session", background)).status).toBe(401);
  });

  it("ends after 12 hours even when used all along", async () => {
    await signInAs("finance@demo.test");
    for (let elapsed = 0; elapsed + 20 * MINUTE < ABSOLUTE_LIFETIME_MS; elapsed += 20 * MINUTE) {
      vi.advanceTimersByTime(20 * MINUTE);
      expect(await sessionStatus()).toBe(200);
    }
    vi.advanceTimersByTime(20 * MINUTE);
    expect(await sessionStatus()).toBe(401);
  });

  it("ends on sign-out", async () => {
    await signInAs("viewer@demo.test");
    const out = await call(signOutRoute, "POST", "/api/auth/sign-out");
    expect(out.status).toBe(200);
    expect(await sessionStatus()).toBe(401);
  });

  it("ends when the user signs out everywhere, changes password or role, or is removed", async () => {
    const changes: [string, () => Promise<unknown>][] = [
      ["sign-out-everywhere", () => users.signOutEverywhere(usersDb, "finance@demo.test")],
      ["role change", () => users.setRole(usersDb, "finance@demo.test", "support")],
      ["password change", () => users.setPassword(usersDb, "finance@demo.test", DEMO_PASSWORD)],
    ];
    for (const [what, change] of changes) {
      await signInAs("finance@demo.test");
      expect(await sessionStatus(), what).toBe(200);
      await change();
      expect(await sessionStatus(), what).toBe(401);
    }
    await signInAs("finance@demo.test");
    const session = await call(sessionRoute, "GET", "/api/session");
    expect(session.json.user.role).toBe("support"); // read fresh from the database
    await users.removeUser(usersDb, "finance@demo.test");
    expect(await sessionStatus()).toBe(401);
  });

  it("is refused when forged or sealed with another secret", async () => {
    cookieJar.set("merchant-console", "Fe26.2*1*forged");
    expect(await sessionStatus()).toBe(401);
  });
});

describe("requirePageSession", () => {
  it("redirects a signed-out visitor to sign-in with a safe returnTo", async () => {
    await expect(requirePageSession(undefined, "/transactions?type=payin")).rejects.toMatchObject({
      digest: expect.stringContaining("/sign-in?returnTo=%2Ftransactions%3Ftype%3Dpayin"),
    });
    await expect(requirePageSession(undefined, "//evil.com")).rejects.toMatchObject({
      digest: expect.stringContaining("/sign-in?returnTo=%2F;"),
    });
  });

  it("gives the 404 page to a role without the permission", async () => {
    await signInAs("support@demo.test");
    await expect(requirePageSession("balances:read", "/")).rejects.toMatchObject({ digest: expect.stringContaining("404") });
    await expect(requirePageSession("transactions:read", "/transactions")).resolves.toMatchObject({ user: { role: "support" } });
  });
});
