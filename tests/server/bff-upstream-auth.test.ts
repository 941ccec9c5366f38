import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { cookieJar } from "./support/cookie-jar";
import { call, signInWithFactor, stubDashboardEnv } from "./support/bff-harness";
import { bootSimulator, type RunningSimulator } from "./support/simulator";

vi.mock("next/headers", () => import("./support/next-headers-mock"));

const { GET: session } = await import("@/app/api/session/route");
const { PUT: setMode } = await import("@/app/api/session/mode/route");
const { GET: balances } = await import("@/app/api/balances/route");

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await bootSimulator();
  // The live secret is wrong: the simulator answers 401 to every live call.
  await stubDashboardEnv(sim.url, { PAYMENTS_LIVE_API_SECRET: "not-the-live-secret-at-all-0000000000" });
});

afterAll(async () => {
  await sim?.close();
});

it("turns an upstream 401 into 502 upstream_auth_failed and keeps the user signed in", async () => {
  cookieJar.clear();
  await signInWithFactor("viewer@demo.test");
  expect((await call(balances, "GET", "/api/balances")).status).toBe(200); // test mode works

  expect((await call(setMode, "PUT", "/api/session/mode", { body: { mode: "live" } })).status).toBe(200);
  const failed = await call(balances, "GET", "/api/balances");
  expect(failed.status).toBe(502);
  expect(failed.json.error.code).toBe("upstream_auth_failed");
  expect(failed.text).not.toContain("not-the-live-secret");

  const still = await call(session, "GET", "/api/session");
  expect(still.status).toBe(200);
  expect(still.json).toMatchObject({ user: { email: "viewer@demo.test" }, mode: "live" });
  expect(cookieJar.getAll()).toHaveLength(1);
});
