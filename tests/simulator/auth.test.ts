// Spec §5 rules 1–10 against the simulator.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSimulator } from "@/simulator/server";
import { KEYS, api, bdPayin, boot, create, ctl, nowSeconds, sign } from "./helpers";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await boot();
});
afterAll(() => sim.close());

describe("§5 authentication", () => {
  it("rule 1: the signature covers the exact bytes sent, not a re-serialisation", async () => {
    const pretty = JSON.stringify(bdPayin("500.00"), null, 2);
    const asSent = await create(sim, "test", "/v1/payins", undefined, { raw: pretty });
    expect(asSent.status).toBe(201);

    const ts = String(nowSeconds());
    const reserialised = sign(KEYS.test.secret, ts, JSON.stringify(JSON.parse(pretty)));
    const r = await create(sim, "test", "/v1/payins", undefined, { raw: pretty, timestamp: ts, signature: reserialised });
    expect(r.status).toBe(401);
    expect(r.body.code).toBeUndefined();
  });

  it("rule 2: a GET signs the timestamp followed by a trailing dot", async () => {
    const ts = String(nowSeconds());
    expect((await api(sim, "test", "GET", "/v1/me", undefined, { timestamp: ts, signature: sign(KEYS.test.secret, ts, "") })).status).toBe(
      200,
    );
    const noDot = (await import("node:crypto")).createHmac("sha256", KEYS.test.secret).update(ts).digest("hex");
    expect((await api(sim, "test", "GET", "/v1/me", undefined, { timestamp: ts, signature: noDot })).status).toBe(401);
  });

  it("rule 3: ±5 minutes window; milliseconds fail", async () => {
    const at = (offset: number) => api(sim, "test", "GET", "/v1/me", undefined, { timestamp: String(nowSeconds() + offset) });
    expect((await at(-290)).status).toBe(200);
    expect((await at(290)).status).toBe(200);
    expect((await at(-310)).status).toBe(401);
    expect((await at(310)).status).toBe(401);
    const ms = await api(sim, "test", "GET", "/v1/me", undefined, { timestamp: String(Date.now()) });
    expect(ms.status).toBe(401);
  });

  it("401 for an unknown key, a wrong secret, uppercase hex or a missing signature", async () => {
    expect((await api(sim, "test", "GET", "/v1/me", undefined, { key: "mrp_test_nope" })).status).toBe(401);
    expect((await api(sim, "test", "GET", "/v1/me", undefined, { secret: KEYS.live.secret })).status).toBe(401);
    const ts = String(nowSeconds());
    const upper = sign(KEYS.test.secret, ts, "").toUpperCase();
    expect((await api(sim, "test", "GET", "/v1/me", undefined, { timestamp: ts, signature: upper })).status).toBe(401);
    const r = await fetch(`${sim.url}/v1/me`);
    expect(r.status).toBe(401);
    expect(await r.json()).toEqual({ statusCode: 401, error: "Unauthorized", message: expect.any(String) });
  });

  it("rule 4: same key and body replays the first response; a different body gives 409", async () => {
    const key = randomUUID();
    const first = await api(sim, "test", "POST", "/v1/payins", bdPayin("300.00"), { idempotencyKey: key });
    const again = await api(sim, "test", "POST", "/v1/payins", bdPayin("300.00"), { idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    const other = await api(sim, "test", "POST", "/v1/payins", bdPayin("301.00"), { idempotencyKey: key });
    expect(other.status).toBe(409);
    expect(other.body.code).toBeUndefined();
  });

  it("rule 5: a create without Idempotency-Key gives 400 with the documented body", async () => {
    const r = await api(sim, "test", "POST", "/v1/payins", bdPayin("300.00"));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ statusCode: 400, error: "Bad Request", message: "Idempotency-Key header is required" });
  });

  it("rule 6: the key selects the environment", async () => {
    expect((await api(sim, "test", "GET", "/v1/me")).body.environment).toBe("test");
    expect((await api(sim, "live", "GET", "/v1/me")).body.environment).toBe("live");
  });

  it("rule 7: a missing scope gives 403 without a code; * grants every scope", async () => {
    await ctl(sim, "POST", "/_sim/keys", { env: "test", scopes: ["balance:read"] });
    const r = await create(sim, "test", "/v1/payins", bdPayin("300.00"));
    expect(r.status).toBe(403);
    expect(r.body.code).toBeUndefined();
    expect((await create(sim, "test", "/v1/payouts", { amount: "1.00" })).status).toBe(403);
    await ctl(sim, "POST", "/_sim/keys", { env: "test", scopes: ["*"] });
    expect((await create(sim, "test", "/v1/payins", bdPayin("300.00"))).status).toBe(201);
    await ctl(sim, "POST", "/_sim/keys", { env: "test" });
  });

  it("rule 8: endpoints without a §4 scope follow the README table", async () => {
    await ctl(sim, "POST", "/_sim/keys", { env: "test", scopes: [] });
    expect((await api(sim, "test", "GET", "/v1/me")).status).toBe(200);
    expect((await api(sim, "test", "GET", "/v1/transactions")).status).toBe(200);
    expect((await api(sim, "test", "GET", "/v1/balance")).status).toBe(403);
    await ctl(sim, "POST", "/_sim/keys", { env: "test", scopes: ["balance:read"] });
    expect((await api(sim, "test", "GET", "/v1/balance")).status).toBe(200);
    await ctl(sim, "POST", "/_sim/keys", { env: "test" });
  });

  it("rule 9: an unapproved market answers 403 market_not_enabled", async () => {
    const r = await create(sim, "live", "/v1/br/payins", {
      amount: "50.00",
      paymentMethodCode: "PIX",
      customer: { name: "A", email: "a@b.co" },
    });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("market_not_enabled");
  });

  it("rule 10: test keys on Nigeria and PYUSD give 503 payment_unavailable", async () => {
    for (const [method, path] of [
      ["GET", "/v1/ngn/virtual-account"],
      ["GET", "/v1/ngn/banks"],
      ["POST", "/v1/ngn/payouts"],
      ["POST", "/v1/pyusd/payment-intents"],
      ["GET", "/v1/pyusd/payment-intents/tx_x"],
    ] as const) {
      const r = method === "GET" ? await api(sim, "test", method, path) : await create(sim, "test", path, { amount: "1" });
      expect(r.status, path).toBe(503);
      expect(r.body.code, path).toBe("payment_unavailable");
    }
  });
});
