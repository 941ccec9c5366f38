import { afterAll, vi } from "vitest";
import { CSRF_HEADER_NAME, CSRF_HEADER_VALUE } from "@/lib/contracts/csrf";
import { closeDb } from "@/lib/server/db/app";
import { demoCode, enrolDemoUsers, seedDemoUsers } from "@/lib/server/demo-users";
import { setupTestDatabase } from "../../support/db";

export const ORIGIN = "http://localhost:3000";
export const DEMO_PASSWORD = "demo-password-123";
export const SESSION_SECRET = "test-session-secret-0123456789abcdef-0123";
export const MFA_ENCRYPTION_KEY = "test-mfa-encryption-key-0123456789abcdef";
export const AUDIT_KEY = "test-audit-key-0123456789abcdef-0123456789";

type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

// Each test file that imports this harness gets its own database, cloned from the run's
// migrated template. The app's pool is closed before the database is dropped (after-hooks
// run as a stack: registered last, runs first).
export const testDatabase = setupTestDatabase();
afterAll(closeDb);

/**
 * Env for the BFF under test (the app reads it lazily on first env() call), with the demo
 * users seeded into this file's database, each with a TOTP factor (as `npm run demo` makes them). `DATABASE_URL` in `overrides` points the app
 * elsewhere (a proxy a test can close); the users are still seeded into this file's database.
 */
export async function stubDashboardEnv(paymentsBaseUrl: string, overrides: Record<string, string> = {}) {
  await seedDemoUsers(testDatabase.db, DEMO_PASSWORD);
  await enrolDemoUsers(testDatabase.db, MFA_ENCRYPTION_KEY);
  const values: Record<string, string> = {
    PAYMENTS_BASE_URL: paymentsBaseUrl,
    PAYMENTS_TEST_API_KEY: "mrp_test_demo_key",
    PAYMENTS_TEST_API_SECRET: "mrp_test_demo_secret_change_me_0000000000",
    PAYMENTS_LIVE_API_KEY: "mrp_live_demo_key",
    PAYMENTS_LIVE_API_SECRET: "mrp_live_demo_secret_change_me_0000000000",
    SESSION_SECRET,
    MFA_ENCRYPTION_KEY,
    AUDIT_KEY,
    DATABASE_URL: testDatabase.url,
    PUBLIC_ORIGIN: ORIGIN,
    LOG_LEVEL: "silent",
    ...overrides,
  };
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  return { db: testDatabase.db, databaseUrl: testDatabase.url };
}

type CallOptions = { body?: unknown; headers?: Record<string, string>; params?: Record<string, string> };

/** Calls a route handler the way the dashboard's own fetches do (same origin, custom header). */
export async function call(handler: RouteHandler, method: string, path: string, options: CallOptions = {}) {
  const headers = new Headers({ origin: ORIGIN, [CSRF_HEADER_NAME]: CSRF_HEADER_VALUE, "x-client-address": "203.0.113.1" });
  if (options.body !== undefined) headers.set("content-type", "application/json");
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
}

/**
 * Signs in through the real password route, then finishes the code step the way a typed code
 * would (activateSession: the session becomes active under a new cookie secret, its second factor
 * checked now) without spending a code:
 * route tests sign in many times a minute, and a code is good once per 30 s. The code step
 * itself is tested with real codes in tests/server/second-factor.test.ts and the e2e suite.
 */
export async function signInWithFactor(email: string, password = DEMO_PASSWORD): Promise<void> {
  const { POST: signIn } = await import("@/app/api/auth/sign-in/route");
  const response = await call(signIn, "POST", "/api/auth/sign-in", { body: { email, password } });
  if (response.status !== 200) throw new Error(`sign-in as ${email}: ${response.status} ${response.text}`);
  const { activateSession, getPendingSignIn } = await import("@/lib/server/session");
  const pending = await getPendingSignIn();
  if (pending) await activateSession(pending.row);
}

/** A demo user's current TOTP code, as `npm run users -- code` prints it (good once per 30 s step). */
export const currentCode = (email: string) => demoCode(testDatabase.db, email, MFA_ENCRYPTION_KEY);
