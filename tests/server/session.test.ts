import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cookieJar } from "./support/cookie-jar";
import { call, DEMO_PASSWORD, stubDashboardEnv } from "./support/bff-harness";

vi.mock("next/headers", () => import("./support/next-headers-mock"));

const { POST: signInRoute } = await import("@/app/api/auth/sign-in/route");
const { POST: signOutRoute } = await import("@/app/api/auth/sign-out/route");
const { GET: sessionRoute } = await import("@/app/api/session/route");
const { ABSOLUTE_LIFETIME_MS, IDLE_TIMEOUT_MS, sessionExpiry } = await import("@/lib/server/session-cookie");
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

async function signInAs(email: string) {
  const response = await call(signInRoute, "POST", "/api/auth/sign-in", { body: { email, password: DEMO_PASSWORD } });
  expect(response.status).toBe(200);
}

const sessionStatus = async () => (await call(sessionRoute, "GET", "/api/session")).status;

describe("sessionExpiry", () => {
  const start = 1_000_000;
  it("is active, then idle after 30 minutes without use, and ends after 12 hours whatever the use", () => {
    expect(sessionExpiry({ issuedAt: start, lastSeenAt: start }, start + IDLE_TIMEOUT_MS - 1)).toBe("active");
    expect(sessionExpiry({ issuedAt: start, lastSeenAt: start }, start + IDLE_TIMEOUT_MS)).toBe("idle");
    const late = start + ABSOLUTE_LIFETIME_MS;
    expect(sessionExpiry({ issuedAt: start, lastSeenAt: late - 1 }, late)).toBe("absolute");
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
