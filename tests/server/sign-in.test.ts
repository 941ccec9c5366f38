import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CSRF_HEADER_NAME } from "@/lib/contracts/csrf";
import { cookieJar } from "./support/cookie-jar";
import { call, DEMO_PASSWORD, MFA_ENCRYPTION_KEY, ORIGIN, signInWithFactor, stubDashboardEnv, testDatabase } from "./support/bff-harness";

vi.mock("next/headers", () => import("./support/next-headers-mock"));

const { POST: signIn } = await import("@/app/api/auth/sign-in/route");
const { addUser, setPassword } = await import("@/lib/server/users");
const { POST: secondFactor } = await import("@/app/api/auth/second-factor/route");
const { enrolFromCli } = await import("@/lib/server/second-factor/cli-enrolment");
const { totpCode, totpKeyFromText, totpStep } = await import("@/lib/server/second-factor/totp");

const DEVICE_COOKIE = "merchant-console-device";
const codeNow = (key: Uint8Array) => totpCode(key, totpStep(Date.now()));

/** A new finance account with a TOTP factor enrolled as the users CLI does it: its key and recovery codes. */
async function newEnrolledUser(name: string) {
  const email = `${name}@devices.test`;
  await addUser(testDatabase.db, { email, name: "Owner", role: "finance", password: DEMO_PASSWORD });
  const { uri, recoveryCodes } = await enrolFromCli(testDatabase.db, email, MFA_ENCRYPTION_KEY);
  return { email, key: totpKeyFromText(new URL(uri).searchParams.get("secret")!), recoveryCodes };
}
const { GET: session } = await import("@/app/api/session/route");
const { PUT: setMode } = await import("@/app/api/session/mode/route");
const { GET: health } = await import("@/app/api/health/route");

beforeAll(async () => {
  await stubDashboardEnv("http://127.0.0.1:9", {
    SIGN_IN_FREE_ATTEMPTS: "3",
    SIGN_IN_MAX_ATTEMPTS_PER_IP: "6",
    SIGN_IN_EMAIL_CEILING: "8",
  });
  // The demo users each have a TOTP factor; these two have none (a viewer may go without one; an admin may not).
  await addUser(testDatabase.db, { email: PASSWORD_ONLY, name: "Pat Password", role: "viewer", password: DEMO_PASSWORD });
  await addUser(testDatabase.db, { email: UNENROLLED_ADMIN, name: "Una Admin", role: "admin", password: DEMO_PASSWORD });
  await addUser(testDatabase.db, { email: PASSWORD_ONLY_TWO, name: "Paz Password", role: "viewer", password: DEMO_PASSWORD });
});

const PASSWORD_ONLY = "password-only@demo.test";
const UNENROLLED_ADMIN = "unenrolled-admin@demo.test";
const PASSWORD_ONLY_TWO = "password-only-two@demo.test";

beforeEach(() => cookieJar.clear());

// Each test signs in from its own address so throttling in one does not leak into another.
let addressCounter = 10;
function fromNewAddress() {
  return { "x-client-address": `198.51.100.${addressCounter++}` };
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
      body: { email: " Password-Only@Demo.test ", password: DEMO_PASSWORD, returnTo: "/transactions?type=payin" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ redirectTo: "/transactions?type=payin" });
    expect((await call(session, "GET", "/api/session")).status).toBe(200);

    for (const returnTo of ["//evil.com", "https://evil.com", "/\\evil.com", "javascript:alert(1)", "/%0a/evil.com".replace("%0a", "\n")]) {
      const response = await call(signIn, "POST", "/api/auth/sign-in", {
        headers,
        body: { email: PASSWORD_ONLY, password: DEMO_PASSWORD, returnTo },
      });
      expect(response.json, returnTo).toEqual({ redirectTo: "/" });
    }
  });

  it("sends an account with a factor to the code step, and a role that moves money without one to enrolment; neither is signed in yet", async () => {
    const enrolled = await call(signIn, "POST", "/api/auth/sign-in", {
      headers: fromNewAddress(),
      body: { email: "finance@demo.test", password: DEMO_PASSWORD, returnTo: "/payouts" },
    });
    expect(enrolled.json).toEqual({ redirectTo: "/sign-in/code?returnTo=%2Fpayouts" });
    expect((await call(session, "GET", "/api/session")).status).toBe(401);

    cookieJar.clear();
    const unenrolled = await call(signIn, "POST", "/api/auth/sign-in", {
      headers: fromNewAddress(),
      body: { email: UNENROLLED_ADMIN, password: DEMO_PASSWORD, returnTo: "/settings" },
    });
    expect(unenrolled.json).toEqual({ redirectTo: "/sign-in/enrol?returnTo=%2Fsettings" });
    // It can do nothing else first: every signed-in route answers 401 to it.
    expect((await call(session, "GET", "/api/session")).status).toBe(401);
    expect((await call(setMode, "PUT", "/api/session/mode", { body: { mode: "live" } })).status).toBe(401);
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
    // A NUL in the email never reaches the accounts table (Postgres refuses it in text: a 500).
    const nul = await call(signIn, "POST", "/api/auth/sign-in", {
      headers: fromNewAddress(),
      body: { email: "a\u0000@x.io", password: "x" },
    });
    expect(nul.status).toBe(400);
    expect(Object.keys(nul.json.error.fields)).toEqual(["email"]);
  });

  const attempt = (email: string, password: string, headers = fromNewAddress()) =>
    call(signIn, "POST", "/api/auth/sign-in", { headers, body: { email, password } });

  // One IPv6 machine holds a whole /64: new addresses from it are the same guesser.
  it("counts an IPv6 /64 as one address: rotating through it does not escape the delays", async () => {
    const net = "2001:db8:4:7";
    for (let i = 1; i <= 3; i++)
      expect((await attempt("ipv6-guess@demo.test", "wrong-password!", { "x-client-address": `${net}::${i}` })).status).toBe(401);
    const rotated = await attempt("ipv6-guess@demo.test", "wrong-password!", { "x-client-address": `${net}:0:0:0:ff` });
    expect(rotated.status).toBe(429);
    // Another /64 is another network.
    expect((await attempt("ipv6-guess@demo.test", "wrong-password!", { "x-client-address": "2001:db8:4:8::1" })).status).toBe(401);
  });

  it("slows one address guessing one email with a Retry-After of at most 30 s, even for the right password from there", async () => {
    const desk = fromNewAddress();
    for (let i = 0; i < 3; i++) expect((await attempt("finance@demo.test", "wrong-password!", desk)).status).toBe(401);
    const slowed = await attempt("finance@demo.test", DEMO_PASSWORD, desk);
    expect(slowed.status).toBe(429);
    expect(slowed.json.error.code).toBe("too_many_attempts");
    const retryAfter = Number(slowed.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    // The owner at another desk is not held up, and another account from this one is not either.
    expect((await attempt("finance@demo.test", DEMO_PASSWORD)).status).toBe(200);
    expect((await attempt("support@demo.test", DEMO_PASSWORD, desk)).status).toBe(200);
  });

  // Issue 19, defect 2: five wrong passwords from anywhere locked the owner out. Issue 54: past the
  // daily ceiling a right password answered 200 and a wrong one 429, to anyone.
  const answerOf = (response: Awaited<ReturnType<typeof attempt>>) => ({
    status: response.status,
    error: response.json.error?.code,
    message: response.json.error?.message,
    retryAfterMinutes: Math.round(Number(response.headers.get("retry-after")) / 60),
  });

  it("answers every try past the ceiling alike, right password or wrong, whatever the account, to a caller without its device cookie", async () => {
    const answers = async (email: string) => {
      for (let i = 0; i < 8; i++) expect((await attempt(email, "wrong-password!")).status).toBe(401);
      const past = await Promise.all([attempt(email, "wrong-password!"), attempt(email, "another-guess!")]);
      return past.map(answerOf);
    };
    const enrolled = await answers("viewer@demo.test");
    expect(enrolled[0]).toEqual({ status: 429, error: "too_many_attempts", message: expect.any(String), retryAfterMinutes: 15 });
    expect(await answers(PASSWORD_ONLY_TWO)).toEqual(enrolled);
    expect(await answers("nobody-here@demo.test")).toEqual(enrolled);
    expect(answerOf(await attempt("viewer@demo.test", DEMO_PASSWORD))).toEqual(enrolled[0]);
    expect(answerOf(await attempt(PASSWORD_ONLY_TWO, DEMO_PASSWORD))).toEqual(enrolled[0]);
  });

  it("past the ceiling lets in a browser that signed in before with password and code, under its own cap, until the password changes", async () => {
    const { email, key } = await newEnrolledUser("device-owner");
    const desk = fromNewAddress();
    expect((await attempt(email, DEMO_PASSWORD, desk)).status).toBe(200);
    expect((await call(secondFactor, "POST", "/api/auth/second-factor", { headers: desk, body: { code: codeNow(key) } })).status).toBe(200);
    const device = cookieJar.get(DEVICE_COOKIE)!.value;
    expect(cookieJar.options(DEVICE_COOKIE)).toMatchObject({ httpOnly: true, sameSite: "strict", path: "/api/auth/sign-in" });

    // Strangers fill the shared bucket; from a new browser the owner's right password is refused like theirs.
    cookieJar.clear();
    for (let i = 0; i < 8; i++) expect((await attempt(email, "wrong-password!")).status).toBe(401);
    const stranger = answerOf(await attempt(email, "wrong-password!"));
    expect(stranger.status).toBe(429);
    expect(answerOf(await attempt(email, DEMO_PASSWORD))).toEqual(stranger);

    // The owner's browser goes on to the code step.
    const ownBrowser = () => {
      cookieJar.clear();
      cookieJar.set(DEVICE_COOKIE, device);
    };
    ownBrowser();
    expect((await attempt(email, DEMO_PASSWORD)).json).toEqual({ redirectTo: "/sign-in/code?returnTo=%2F" });
    // A tampered cookie, or another account's, is a stranger's.
    cookieJar.clear();
    cookieJar.set(DEVICE_COOKIE, device.slice(0, -2) + (device.endsWith("AA") ? "BB" : "AA"));
    expect((await attempt(email, DEMO_PASSWORD)).status).toBe(429);

    // Its own cap: ten wrong passwords with it (the shared bucket untouched), then it counts no more.
    ownBrowser();
    for (let i = 0; i < 10; i++) expect((await attempt(email, "wrong-password!")).status).toBe(401);
    expect((await attempt(email, DEMO_PASSWORD)).status).toBe(429);
  });

  it("revokes the device cookie with a new password", async () => {
    const { email, key } = await newEnrolledUser("device-revoked");
    const desk = fromNewAddress();
    expect((await attempt(email, DEMO_PASSWORD, desk)).status).toBe(200);
    expect((await call(secondFactor, "POST", "/api/auth/second-factor", { headers: desk, body: { code: codeNow(key) } })).status).toBe(200);
    const device = cookieJar.get(DEVICE_COOKIE)!.value;
    cookieJar.clear();
    for (let i = 0; i < 8; i++) expect((await attempt(email, "wrong-password!")).status).toBe(401);
    await setPassword(testDatabase.db, email, "Tidal-orchard-58-ember");
    cookieJar.set(DEVICE_COOKIE, device);
    expect((await attempt(email, "Tidal-orchard-58-ember")).status).toBe(429);
  });

  it("lets the owner in from a new browser past the ceiling with the password and a recovery code, signed in at once", async () => {
    const { email, recoveryCodes } = await newEnrolledUser("device-new");
    for (let i = 0; i < 8; i++) expect((await attempt(email, "wrong-password!")).status).toBe(401);
    const withCode = (password: string, recoveryCode: string) =>
      call(signIn, "POST", "/api/auth/sign-in", { headers: fromNewAddress(), body: { email, password, recoveryCode } });
    const stranger = answerOf(await attempt(email, "wrong-password!"));
    // A wrong password with a right code, and a right password with a wrong code: the stranger's answer, nothing spent.
    expect(answerOf(await withCode("wrong-password!", recoveryCodes[0]!))).toEqual(stranger);
    expect(answerOf(await withCode(DEMO_PASSWORD, "aaaaa-aaaaa"))).toEqual(stranger);
    expect(cookieJar.getAll()).toEqual([]);
    const recovered = await withCode(DEMO_PASSWORD, recoveryCodes[0]!);
    expect(recovered.status).toBe(200);
    expect(recovered.json).toEqual({ redirectTo: "/" });
    expect((await call(session, "GET", "/api/session")).status).toBe(200);
    expect(cookieJar.get(DEVICE_COOKIE)).toBeDefined();
    // Spent: the same code again is a stranger's try.
    cookieJar.clear();
    expect(answerOf(await withCode(DEMO_PASSWORD, recoveryCodes[0]!))).toEqual(stranger);
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
    await signInWithFactor(body.email);
    const form = await call(setMode, "PUT", "/api/session/mode", {
      headers: { origin: "https://evil.example", [CSRF_HEADER_NAME]: "", "content-type": "application/x-www-form-urlencoded" },
      body: "mode=live",
    });
    expect(form.status).toBe(403);
    expect(form.json.error.code).toBe("csrf_rejected");
    expect((await call(session, "GET", "/api/session")).json.mode).toBe("test");
  });

  it("let the dashboard's own write through and validate it", async () => {
    await signInWithFactor(body.email);
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
