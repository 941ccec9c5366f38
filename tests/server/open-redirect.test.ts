import { beforeAll, describe, expect, it, vi } from "vitest";
import { landsOn, OPEN_REDIRECT_BYPASSES } from "../support/open-redirect-bypasses";
import { call, DEMO_PASSWORD, ORIGIN, stubDashboardEnv, testDatabase } from "./support/bff-harness";

vi.mock("next/headers", () => import("./support/next-headers-mock"));

const { POST: signIn } = await import("@/app/api/auth/sign-in/route");
const { addUser } = await import("@/lib/server/users");

// A viewer without a second factor: the password step's redirect is then the final one. (With
// a factor it is the code page, carrying the same safeReturnTo result.)
const VIEWER = "password-only-viewer@demo.test";

beforeAll(async () => {
  await stubDashboardEnv("http://127.0.0.1:9");
  await addUser(testDatabase.db, { email: VIEWER, name: "Viewer", role: "viewer", password: DEMO_PASSWORD });
});

// The sign-in API is where the redirect target is chosen: every bypass, sent as
// returnTo with a right password, must answer a redirect that stays on our origin.
describe("POST /api/auth/sign-in returnTo", () => {
  it.each(OPEN_REDIRECT_BYPASSES)("keeps %j on our origin", async (returnTo) => {
    const response = await call(signIn, "POST", "/api/auth/sign-in", {
      headers: { "x-client-address": "198.51.100.200" },
      body: { email: VIEWER, password: DEMO_PASSWORD, returnTo },
    });
    expect(response.status).toBe(200);
    const { redirectTo } = response.json as { redirectTo: string };
    expect(redirectTo.startsWith("//")).toBe(false);
    expect(landsOn(redirectTo, ORIGIN).origin).toBe(ORIGIN);
  });

  it("answers the issue's example with the home page", async () => {
    const response = await call(signIn, "POST", "/api/auth/sign-in", {
      headers: { "x-client-address": "198.51.100.201" },
      body: { email: VIEWER, password: DEMO_PASSWORD, returnTo: "/..//evil.example/phish" },
    });
    expect(response.json).toEqual({ redirectTo: "/" });
  });
});
