import { afterEach, describe, expect, it, vi } from "vitest";
import { call, signInWithFactor } from "./support/bff-harness";
import { control } from "./support/simulator";
import { simulatorDashboard } from "./support/simulator-dashboard";

vi.mock("next/headers", () => import("./support/next-headers-mock"));

const { PUT: setMode } = await import("@/app/api/session/mode/route");
const { GET: balances } = await import("@/app/api/balances/route");
const { GET: me } = await import("@/app/api/me/route");
const { GET: sessionRoute } = await import("@/app/api/session/route");
const { GET: accountRoute } = await import("@/app/api/account/route");
const { paymentsFor } = await import("@/lib/server/payments");
const { trackBangladeshWrite } = await import("@/lib/server/market-pause");

const setting = simulatorDashboard();

afterEach(async () => {
  await control(setting.sim, "DELETE", "/_sim/faults");
  await control(setting.sim, "POST", "/_sim/reset", {});
});

async function signInAs(role: "admin" | "finance" | "support" | "viewer", mode: "test" | "live" = "test") {
  await signInWithFactor(`${role}@demo.test`);
  if (mode === "live") expect((await call(setMode, "PUT", "/api/session/mode", { body: { mode } })).status).toBe(200);
}

const getBalances = () => call(balances, "GET", "/api/balances");
const stateOf = (body: { markets: { market: string; state: string }[] }) =>
  Object.fromEntries(body.markets.map(({ market, state }) => [market, state]));

describe("GET /api/balances", () => {
  it("lists each test pocket separately with the simulator's figures, and never a total", async () => {
    await signInAs("viewer");
    const response = await getBalances();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // Ground truth from the simulator's control API, not from our own client.
    const truth: { pockets: { currency: string; provisioned: boolean; availableBalance: string; pendingBalance: string }[] } =
      await control(setting.sim, "GET", "/_sim/state?env=test");
    const provisioned = truth.pockets.filter((pocket) => pocket.provisioned);
    expect(response.json.mode).toBe("test");
    expect(response.json.pockets.map((p: { currency: string }) => p.currency)).toEqual(["BDT", "BRL", "USDT", "USDC"]);
    expect(response.json.pockets).toEqual(
      provisioned.map((pocket) =>
        expect.objectContaining({ currency: pocket.currency, available: pocket.availableBalance, pending: pocket.pendingBalance }),
      ),
    );
    expect(response.text).not.toMatch(/total/i);
    expect(stateOf(response.json)).toEqual({
      bangladesh: "enabled",
      brazil: "enabled",
      india: "enabled",
      europe: "enabled",
      nigeria: "live_only",
      pyusd: "live_only",
    });
  });

  it("follows the session's mode: live has NGN and PYUSD USDC, and Brazil is not enabled", async () => {
    await signInAs("finance", "live");
    const { json } = await getBalances();
    expect(json.mode).toBe("live");
    expect(json.pockets.map((p: { currency: string }) => p.currency)).toEqual(["BDT", "USDT", "USDC", "NGN", "PYUSD-USDC"]);
    expect(json.pockets).toContainEqual(expect.objectContaining({ currency: "PYUSD-USDC", label: "PYUSD USDC" }));
    expect(stateOf(json)).toMatchObject({ brazil: "not_enabled", nigeria: "enabled", pyusd: "enabled" });
  });

  it("shows a market whose approval was withdrawn as not enabled", async () => {
    await control(setting.sim, "POST", "/_sim/markets", { env: "test", market: "india", approved: false });
    await signInAs("viewer");
    const { json } = await getBalances();
    expect(stateOf(json).india).toBe("not_enabled");
    expect(json.pockets.map((p: { currency: string }) => p.currency)).not.toContain("USDT");
  });

  it("shows Bangladesh paused after a write answered payment_unavailable, and enabled after one succeeds", async () => {
    await signInAs("admin");
    await control(setting.sim, "POST", "/_sim/bangladesh", { paused: true, env: "test" });
    const payin = {
      amount: "500",
      paymentMethodCode: "BKASH",
      returnUrl: "https://merchant.example/return",
      customer: { name: "Rahim", email: "rahim@example.com", phone: "+8801700000000", deviceId: "device-1" },
      goodsInfo: { name: "Order 1" },
    } as const;
    const client = paymentsFor("test");
    await expect(
      trackBangladeshWrite("test", () => client.bangladesh.createPayin(payin, { idempotencyKey: "pause-test-1" })),
    ).rejects.toMatchObject({
      code: "payment_unavailable",
    });
    expect(stateOf((await getBalances()).json).bangladesh).toBe("paused");
    // The other markets are independent of the pause (§1 rule 9).
    expect(stateOf((await getBalances()).json).india).toBe("enabled");

    await control(setting.sim, "POST", "/_sim/bangladesh", { paused: false, env: "test" });
    await trackBangladeshWrite("test", () => client.bangladesh.createPayin(payin, { idempotencyKey: "pause-test-2" }));
    expect(stateOf((await getBalances()).json).bangladesh).toBe("enabled");
  });

  it("answers 403 forbidden to a role without balances:read", async () => {
    await signInAs("support");
    const response = await getBalances();
    expect(response.status).toBe(403);
    expect(response.json.error).toEqual({ code: "forbidden", message: expect.any(String), requestId: expect.any(String) });
  });

  it("answers 401 unauthenticated without a session", async () => {
    const response = await getBalances();
    expect(response.status).toBe(401);
    expect(response.json.error.code).toBe("unauthenticated");
    expect(response.json.error.requestId).toBe(response.headers.get("x-request-id"));
  });
});

// A tab still showing test after another tab switched the session to live refetched its balances
// on focus and got live figures, cached under its test key and shown under the test banner.
describe("a read from a page that shows another mode than the session's", () => {
  it("is refused with 409 mode_changed before anything is read upstream; the same mode, or none stated, is answered", async () => {
    await signInAs("finance", "live");
    // The next balance read upstream fails: the refused request must leave it for the next one.
    await control(setting.sim, "POST", "/_sim/faults", { failNext: { count: 1, status: 500, path: "/v1/balance" } });
    const refused = await call(balances, "GET", "/api/balances", { headers: { "X-Console-Mode": "test" } });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("mode_changed");
    expect(refused.json.error.message).toBe(
      "Nothing was read: this page showed test mode, but your session is now in live mode (it was switched in another tab or window). The page now shows live mode.",
    );
    expect((await call(balances, "GET", "/api/balances", { headers: { "X-Console-Mode": "live" } })).json.error.code).toBe(
      "upstream_error",
    );
    const shown = await call(balances, "GET", "/api/balances", { headers: { "X-Console-Mode": "live" } });
    expect([shown.status, shown.json.mode]).toEqual([200, "live"]);
    expect((await getBalances()).json.mode).toBe("live");
    const garbage = await call(balances, "GET", "/api/balances", { headers: { "X-Console-Mode": "x".repeat(10_000) } });
    expect([garbage.status, garbage.json.error.code]).toEqual([400, "validation"]);
  });

  it("still answers the session itself and one's own account, so the page can catch up", async () => {
    await signInAs("finance", "live");
    const session = await call(sessionRoute, "GET", "/api/session", { headers: { "X-Console-Mode": "test" } });
    expect([session.status, session.json.mode]).toEqual([200, "live"]);
    const account = await call(accountRoute, "GET", "/api/account", { headers: { "X-Console-Mode": "test" } });
    expect(account.status).toBe(200);
  });
});

describe("upstream failures through the BFF", () => {
  it("gives a missing scope its own code, distinct from our forbidden", async () => {
    await control(setting.sim, "POST", "/_sim/keys", { env: "test", scopes: ["payin:create", "payout:create"] });
    await signInAs("viewer");
    const response = await getBalances();
    expect(response.status).toBe(502);
    expect(response.json.error.code).toBe("upstream_missing_scope");
    // Calls that need no scope still work.
    expect((await call(me, "GET", "/api/me")).status).toBe(200);
  });

  it("maps a 503 to payment_unavailable and a 500 to upstream_error, without the upstream body", async () => {
    await signInAs("viewer");
    await control(setting.sim, "POST", "/_sim/faults", { failNext: { count: 1, status: 503, path: "/v1/balance" } });
    const unavailable = await getBalances();
    expect(unavailable.status).toBe(503);
    expect(unavailable.json.error.code).toBe("payment_unavailable");

    await control(setting.sim, "POST", "/_sim/faults", { failNext: { count: 1, status: 500, path: "/v1/balance" } });
    const broken = await getBalances();
    expect(broken.status).toBe(502);
    expect(broken.json.error.code).toBe("upstream_error");
    expect(Object.keys(broken.json.error).sort()).toEqual(["code", "message", "requestId"]);
    expect(broken.text).not.toMatch(/statusCode|Internal Server Error/);
  });

  it("answers an upstream rate limit the client will not wait out with 503 and Retry-After", async () => {
    await signInAs("viewer");
    await control(setting.sim, "POST", "/_sim/faults", { rateLimitNext: { count: 5, retryAfterSeconds: 30, path: "/v1/balance" } });
    const response = await getBalances();
    expect(response.status).toBe(503);
    expect(response.json.error.code).toBe("upstream_rate_limited");
    expect(response.headers.get("retry-after")).toBe("30");
  });

  it("recovers on the next call once the fault is gone", async () => {
    await signInAs("viewer");
    await control(setting.sim, "POST", "/_sim/faults", { failNext: { count: 1, status: 500, path: "/v1/balance" } });
    expect((await getBalances()).status).toBe(502);
    expect((await getBalances()).status).toBe(200);
  });
});

describe("GET /api/me", () => {
  it("returns the merchant identity without key material", async () => {
    await signInAs("support");
    const response = await call(me, "GET", "/api/me");
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ merchantId: expect.any(String), name: expect.any(String), environment: "test" });
    expect(response.text).not.toMatch(/mrp_|scopes|apiKeyPrefix/);
  });
});
