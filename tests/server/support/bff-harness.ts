import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { vi } from "vitest";
import { CSRF_HEADER_NAME, CSRF_HEADER_VALUE } from "@/lib/contracts/csrf";
import { seedDemoUsers } from "@/lib/server/demo-users";

export const ORIGIN = "http://localhost:3000";
export const DEMO_PASSWORD = "demo-password-123";

type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Env for the BFF under test; the app reads it lazily on first env() call. */
export async function stubDashboardEnv(paymentsBaseUrl: string, overrides: Record<string, string> = {}) {
  const dir = await mkdtemp(join(tmpdir(), "console-users-"));
  const usersFile = join(dir, "users.json");
  await seedDemoUsers(usersFile, DEMO_PASSWORD);
  const values: Record<string, string> = {
    PAYMENTS_BASE_URL: paymentsBaseUrl,
    PAYMENTS_TEST_API_KEY: "mrp_test_demo_key",
    PAYMENTS_TEST_API_SECRET: "mrp_test_demo_secret_change_me_0000000000",
    PAYMENTS_LIVE_API_KEY: "mrp_live_demo_key",
    PAYMENTS_LIVE_API_SECRET: "mrp_live_demo_secret_change_me_0000000000",
    SESSION_SECRET: "test-session-secret-0123456789abcdef-0123",
    DASHBOARD_USERS_FILE: usersFile,
    PUBLIC_ORIGIN: ORIGIN,
    LOG_LEVEL: "silent",
    ...overrides,
  };
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  return { usersFile };
}

type CallOptions = { body?: unknown; headers?: Record<string, string>; params?: Record<string, string> };

/** Calls a route handler the way the dashboard's own fetches do (same origin, custom header). */
export async function call(handler: RouteHandler, method: string, path: string, options: CallOptions = {}) {
  const headers = new Headers({ origin: ORIGIN, [CSRF_HEADER_NAME]: CSRF_HEADER_VALUE, "x-forwarded-for": "203.0.113.1" });
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
