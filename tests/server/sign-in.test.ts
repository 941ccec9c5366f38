import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CSRF_HEADER_NAME } from "@/lib/contracts/csrf";
import { cookieJar } from "./support/cookie-jar";
import { call, DEMO_PASSWORD, ORIGIN, stubDashboardEnv } from "./support/bff-harness";

vi.mock("next/headers", () => import("./support/next-headers-mock"));

const { POST: signIn } = await import("@/app/api/auth/sign-in/route");
const { GET: session } = await import("@/app/api/session/route");
const { PUT: setMode } = await import("@/app/api/session/mode/route");
const { GET: health } = await import("@/app/api/health/route");

beforeAll(async () => {
  await stubDashboardEnv("http://127.0.0.1:9", { SIGN_IN_MAX_ATTEMPTS_PER_EMAIL: "3", SIGN_IN_MAX_ATTEMPTS_PER_IP: "6" });
});

beforeEach(() => cookieJar.clear());

// Each test signs in from its own address so throttling in one does not leak into another.
let addressCounter = 10;
function fromNewAddress() {
  return { "x-forwarded-for": `198.51.100.${addressCounter++}` };
}

describe("GET /api/health", () => {
  it("answers with no-store and a request id", async () => {
    const response = await call(health, "GET", "/api/health");
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: "ok", database: "up" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
  });

  it("keeps a well-formed request id from the proxy and replaces a hostile one", async () => {
    const kept = await call(health, "GET", "/api/health", { headers: { "x-request-id": "abc12345-proxy" } });
    expect(kept.headers.get("x-request-id")).toBe("abc12345-proxy");
    const replaced = await call(health, "GET", "/api/health", { headers: { "x-request-id": 'bad id" injected' } });
    expect(replaced.headers.get("x-request-id")).not.toContain("injected");
  });
});

describe("POST /api/auth/sign-in", () => {
  it("signs in and returns to a same-origin path only", async () => {
    const headers = fromNewAddress();
    const ok = await call(signIn, "POST", "/api/auth/sign-in", {
      headers,
      body: { email: "Viewer@Demo.test ", password: DEMO_PASSWORD, returnTo: "/transactions?type=payin" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ redirectTo: "/transactions?type=payin" });
    expect((await call(session, "GET", "/api/session")).status).toBe(200);

    for (const returnTo of ["//evil.com", "https://evil.com", "/\\evil.com", "javascript:alert(1)", "/%0a/evil.com".replace("%0a", "\n")]) {
      const response = await call(signIn, "POST", "/api/auth/sign-in", {
        headers,
        body: { email: "viewer@demo.test", password: DEMO_PASSWORD, returnTo },
      });
      expect(response.json, returnTo).toEqual({ redirectTo: "/" });
    }
  });

  it("gives one generic error for a wrong password and an unknown email", async () => {
    const headers = fromNewAddress();
    const wrongPassword = await call(signIn, "POST", "/api/auth/sign-in", {
      headers,
      body: { email: "admin@demo.test", password: "not-the-password" },
    });
    const unknownEmail = await call(signIn, "POST", "/api/auth/sign-in", {
      headers,
      body: { email: "nobody@demo.test", password: DEMO_PASSWORD },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.json.error.code).toBe("invalid_credentials");
    expect(unknownEmail.json.error.message).toBe(wrongPassword.json.error.message);
    expect(cookieJar.getAll()).toEqual([]);
  });

  it("answers 400 with field errors for a malformed body", async () => {
    const response = await call(signIn, "POST", "/api/auth/sign-in", { headers: fromNewAddress(), body: { email: "" } });
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe("validation");
    expect(Object.keys(response.json.error.fields)).toEqual(expect.arrayContaining(["email", "password"]));
    const notJson = await call(signIn, "POST", "/api/auth/sign-in", { headers: fromNewAddress(), body: "email=a" });
    expect(notJson.status).toBe(400);
  });

  it("throttles per email with a Retry-After, even for the right password", async () => {
    for (let i = 0; i < 3; i++) {
      const response = await call(signIn, "POST", "/api/auth/sign-in", {
        headers: fromNewAddress(),
        body: { email: "finance@demo.test", password: "wrong-password!" },
      });
      expect(response.status).toBe(401);
    }
    const locked = await call(signIn, "POST", "/api/auth/sign-in", {
      headers: fromNewAddress(),
      body: { email: "finance@demo.test", password: DEMO_PASSWORD },
    });
    expect(locked.status).toBe(429);
    expect(locked.json.error.code).toBe("too_many_attempts");
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account is not affected.
    const other = await call(signIn, "POST", "/api/auth/sign-in", {
      headers: fromNewAddress(),
      body: { email: "support@demo.test", password: DEMO_PASSWORD },
    });
    expect(other.status).toBe(200);
  });

  it("throttles per client address across emails", async () => {
    const headers = fromNewAddress();
    for (let i = 0; i < 6; i++) {
      const response = await call(signIn, "POST", "/api/auth/sign-in", {
        headers,
        body: { email: `guess${i}@demo.test`, password: "wrong-password!" },
      });
      expect(response.status).toBe(401);
    }
    const locked = await call(signIn, "POST", "/api/auth/sign-in", {
      headers,
      body: { email: "admin@demo.test", password: DEMO_PASSWORD },
    });
    expect(locked.status).toBe(429);
    const elsewhere = await call(signIn, "POST", "/api/auth/sign-in", {
      headers: fromNewAddress(),
      body: { email: "admin@demo.test", password: DEMO_PASSWORD },
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("CSRF checks on mutations", () => {
  const body = { email: "admin@demo.test", password: DEMO_PASSWORD };

  it.each([
    ["a cross-site Origin", { origin: "https://evil.example" }],
    ["no Origin", { origin: "" }],
    ["no custom header", { [CSRF_HEADER_NAME]: "" }],
    ["a wrong custom header", { [CSRF_HEADER_NAME]: "XMLHttpRequest" }],
    ["an Origin differing only in scheme", { origin: ORIGIN.replace("http:", "https:") }],
  ])("refuse sign-in with %s", async (_, headers) => {
    const response = await call(signIn, "POST", "/api/auth/sign-in", { headers: { ...fromNewAddress(), ...headers }, body });
    expect(response.status).toBe(403);
    expect(response.json.error.code).toBe("csrf_rejected");
    expect(cookieJar.getAll()).toEqual([]);
  });

  it("refuse a cross-site form post to a signed-in user's session", async () => {
    await call(signIn, "POST", "/api/auth/sign-in", { headers: fromNewAddress(), body });
    const form = await call(setMode, "PUT", "/api/session/mode", {
      headers: { origin: "https://evil.example", [CSRF_HEADER_NAME]: "", "content-type": "application/x-www-form-urlencoded" },
      body: "mode=live",
    });
    expect(form.status).toBe(403);
    expect(form.json.error.code).toBe("csrf_rejected");
    expect((await call(session, "GET", "/api/session")).json.mode).toBe("test");
  });

  it("let the dashboard's own write through and validate it", async () => {
    await call(signIn, "POST", "/api/auth/sign-in", { headers: fromNewAddress(), body });
    const bad = await call(setMode, "PUT", "/api/session/mode", { body: { mode: "staging" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.mode).toBeDefined();
    const ok = await call(setMode, "PUT", "/api/session/mode", { body: { mode: "live" } });
    expect(ok.json).toEqual({ mode: "live" });
    expect((await call(session, "GET", "/api/session")).json.mode).toBe("live");
  });

  it("answer 401 to a write without a session", async () => {
    const response = await call(setMode, "PUT", "/api/session/mode", { body: { mode: "live" } });
    expect(response.status).toBe(401);
    expect(response.json.error.code).toBe("unauthenticated");
  });
});
