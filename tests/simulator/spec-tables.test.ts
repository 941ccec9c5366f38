// Spec §1 rules 3, 4, 5, 8, 9, 10, 11; every row of §7 (errors) and §8 (limits).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningSimulator } from "@/simulator/server";
import {
  advance,
  api,
  balances,
  bdPayin,
  bdPayout,
  boot,
  brPayin,
  create,
  ctl,
  euPayin,
  euPayout,
  ngnPayout,
  readyVirtualAccount,
  vaBody,
} from "./helpers";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await boot({ liveSize: 0, testSize: 0 });
});
afterAll(() => sim.close());
beforeEach(() => ctl(sim, "POST", "/_sim/reset", {}));

describe("§1 rules", () => {
  it("3: one balance item per pocket currency, never summed", async () => {
    const r = await api(sim, "live", "GET", "/v1/balance");
    const currencies = r.body.items.map((i: { currency: string }) => i.currency);
    expect(currencies).toEqual(["BDT", "USDT", "USDC", "NGN", "PYUSD-USDC"]);
    expect(new Set(currencies).size).toBe(currencies.length);
    await create(sim, "live", "/v1/payins", bdPayin("1000.00"));
    await advance(sim, 600);
    const after = await balances(sim, "live");
    expect(after).toMatchObject({
      BDT: { available: "250975.00" },
      USDT: { available: "12000.000000" },
      USDC: { available: "25000.000000" },
    });
  });

  it("4: PYUSD-USDC is distinct from USDC both ways", async () => {
    await create(sim, "live", "/v1/pyusd/payment-intents", { amount: "10.00", merchantReference: "p", expiresInMinutes: 60 });
    await advance(sim, 360);
    let b = await balances(sim, "live");
    expect(b.USDC?.available).toBe("25000.000000");
    expect(b["PYUSD-USDC"]?.available).toBe("5009.950000");
    // 23,000 EUR needs 24,840 USDC: fine. 23,200 EUR needs 25,056 USDC: PYUSD-USDC cannot top it up.
    const tooBig = await create(sim, "live", "/v1/eur/payout-instances", euPayout("23200.00"));
    expect(tooBig.body.code).toBe("insufficient_balance");
    await create(sim, "live", "/v1/eur/payout-instances", euPayout("500.00"));
    b = await balances(sim, "live");
    expect(b.USDC?.available).toBe("24460.000000");
    expect(b["PYUSD-USDC"]?.available).toBe("5009.950000");
  });

  it("5: Nigeria payouts debit NGN only", async () => {
    const before = await balances(sim, "live");
    await create(sim, "live", "/v1/ngn/payouts", ngnPayout("1000.00"));
    const after = await balances(sim, "live");
    expect(after.NGN?.available).toBe("7999000.00");
    for (const c of ["BDT", "USDT", "USDC", "PYUSD-USDC"]) expect(after[c]).toEqual(before[c]);
    const r = await create(sim, "live", "/v1/ngn/payouts", ngnPayout("5000000.00"));
    expect(r.status).toBe(201);
    const r2 = await create(sim, "live", "/v1/ngn/payouts", ngnPayout("3000000.00"));
    expect(r2.body.code).toBe("insufficient_balance");
  });

  it("8: 403 market_not_enabled until approval; the pocket appears only on approval", async () => {
    expect((await balances(sim, "live")).BRL).toBeUndefined();
    expect((await create(sim, "live", "/v1/br/payins", brPayin("50.00"))).body.code).toBe("market_not_enabled");
    await ctl(sim, "POST", "/_sim/markets", { env: "live", market: "brazil", approved: true });
    expect((await balances(sim, "live")).BRL).toEqual({ available: "40000.00", pending: "0.00" });
    expect((await create(sim, "live", "/v1/br/payins", brPayin("50.00"))).status).toBe(201);
    await ctl(sim, "POST", "/_sim/markets", { env: "live", market: "india", approved: false });
    expect((await api(sim, "live", "GET", "/v1/h2h/conversion-rates")).body.code).toBe("market_not_enabled");
    expect((await balances(sim, "live")).USDT).toBeUndefined();
  });

  it("9: a Bangladesh pause answers 503 on POST /v1/payins and /v1/payouts only", async () => {
    const p = await create(sim, "test", "/v1/payins", bdPayin("300.00"));
    await ctl(sim, "POST", "/_sim/bangladesh", { paused: true });
    for (const [path, body] of [
      ["/v1/payins", bdPayin("300.00")],
      ["/v1/payouts", bdPayout("10.00")],
    ] as const) {
      const r = await create(sim, "test", path, body);
      expect(r.status).toBe(503);
      expect(r.body.code).toBe("payment_unavailable");
    }
    expect((await api(sim, "test", "GET", `/v1/payins/${p.body.transactionId}`)).status).toBe(200);
    expect((await create(sim, "test", "/v1/br/payins", brPayin("50.00"))).status).toBe(201);
    expect((await create(sim, "test", "/v1/eur/payin-instances", euPayin("50.00"))).status).toBe(201);
    await ctl(sim, "POST", "/_sim/bangladesh", { paused: false });
    expect((await create(sim, "test", "/v1/payins", bdPayin("300.00"))).status).toBe(201);
  });

  it("9: the pause is per environment, shown by /_sim/state, and ended by a reset", async () => {
    expect(await ctl(sim, "POST", "/_sim/bangladesh", { paused: true, env: "live" })).toEqual({ test: false, live: true });
    expect((await ctl(sim, "GET", "/_sim/state?env=live")).bangladeshPaused).toBe(true);
    expect((await ctl(sim, "GET", "/_sim/state?env=test")).bangladeshPaused).toBe(false);
    expect((await create(sim, "test", "/v1/payins", bdPayin("300.00"))).status).toBe(201);
    await ctl(sim, "POST", "/_sim/reset", {});
    expect((await ctl(sim, "GET", "/_sim/state?env=live")).bangladeshPaused).toBe(false);
    expect((await create(sim, "live", "/v1/payins", bdPayin("300.00"))).status).toBe(201);
  });

  it("10: Nigeria and PYUSD are live only", async () => {
    expect(
      (await create(sim, "test", "/v1/pyusd/payment-intents", { amount: "1", merchantReference: "x", expiresInMinutes: 5 })).body.code,
    ).toBe("payment_unavailable");
    expect(
      (await create(sim, "live", "/v1/pyusd/payment-intents", { amount: "1", merchantReference: "x", expiresInMinutes: 5 })).status,
    ).toBe(201);
    const testPockets = (await api(sim, "test", "GET", "/v1/balance")).body.items.map((i: { currency: string }) => i.currency);
    expect(testPockets).not.toContain("NGN");
    expect(testPockets).not.toContain("PYUSD-USDC");
  });

  it("11: pendingBalance sums in-flight pay-ins in the pocket's currency; items include NGN and PYUSD-USDC", async () => {
    await create(sim, "live", "/v1/payins", bdPayin("1000.00"));
    await create(sim, "live", "/v1/payins", bdPayin("234.56"));
    await create(sim, "live", "/v1/h2h/payin-instances", { amount: "885.00", currencySymbol: "INR" });
    await create(sim, "live", "/v1/h2h/payin-instances", { amount: "2.5", currencySymbol: "USDT" });
    await create(sim, "live", "/v1/eur/payin-instances", euPayin("10.00", "GBP"));
    await create(sim, "live", "/v1/pyusd/payment-intents", { amount: "7.25", merchantReference: "x", expiresInMinutes: 60 });
    const b = await balances(sim, "live");
    expect(b.BDT?.pending).toBe("1234.56");
    expect(b.USDT?.pending).toBe("12.500000");
    expect(b.USDC?.pending).toBe("12.700000");
    expect(b["PYUSD-USDC"]?.pending).toBe("7.250000");
    expect(b.NGN).toEqual({ available: "8000000.00", pending: "0.00" });
    expect(b.BDT?.available).toBe("250000.00");
  });
});

describe("§7 errors", () => {
  it("400 none: validation failure with details", async () => {
    const r = await create(sim, "test", "/v1/payins", { amount: 300, paymentMethodCode: "CASH" });
    expect(r.status).toBe(400);
    expect(r.body.code).toBeUndefined();
    const paths = r.body.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["amount", "paymentMethodCode", "returnUrl", "customer", "goodsInfo"]));
  });

  it("400 none: missing Idempotency-Key on every create", async () => {
    for (const [env, path] of [
      ["test", "/v1/payins"],
      ["test", "/v1/payouts"],
      ["test", "/v1/br/payins"],
      ["test", "/v1/br/payouts"],
      ["test", "/v1/h2h/payin-instances"],
      ["test", "/v1/eur/payin-instances"],
      ["test", "/v1/eur/payout-instances"],
      ["live", "/v1/ngn/virtual-account"],
      ["live", "/v1/ngn/payouts"],
      ["live", "/v1/pyusd/payment-intents"],
    ] as const) {
      const r = await api(sim, env, "POST", path, {});
      expect(r.body, path).toEqual({ statusCode: 400, error: "Bad Request", message: "Idempotency-Key header is required" });
    }
  });

  it("400 insufficient_balance and wallet_not_found on a Nigeria payout", async () => {
    expect((await create(sim, "live", "/v1/ngn/payouts", ngnPayout("5000000.00"))).status).toBe(201);
    const r = await create(sim, "live", "/v1/ngn/payouts", ngnPayout("3000000.01"));
    expect([r.status, r.body.code]).toEqual([400, "insufficient_balance"]);
    await ctl(sim, "POST", "/_sim/markets", { env: "live", market: "nigeria", approved: true, pocket: false });
    const w = await create(sim, "live", "/v1/ngn/payouts", ngnPayout("600.00"));
    expect([w.status, w.body.code]).toEqual([400, "wallet_not_found"]);
  });

  it("401 none; 403 market_not_enabled; 403 none; 409 none", async () => {
    const u = await api(sim, "test", "GET", "/v1/me", undefined, { timestamp: "1" });
    expect([u.status, u.body.code]).toEqual([401, undefined]);
    const m = await create(sim, "live", "/v1/br/payouts", {});
    expect([m.status, m.body.code]).toEqual([403, "market_not_enabled"]);
    await ctl(sim, "POST", "/_sim/keys", { env: "live", scopes: ["payin:create"] });
    const s = await create(sim, "live", "/v1/ngn/payouts", ngnPayout("600.00"));
    expect([s.status, s.body.code]).toEqual([403, undefined]);
    await ctl(sim, "POST", "/_sim/keys", { env: "live" });
    const key = "dup-key";
    await create(sim, "live", "/v1/payins", bdPayin("300.00"), { idempotencyKey: key });
    const c = await create(sim, "live", "/v1/payins", bdPayin("300.01"), { idempotencyKey: key });
    expect([c.status, c.body.code]).toEqual([409, undefined]);
  });

  it("503 payment_unavailable: paused Bangladesh, upstream down, test key on Nigeria/PYUSD", async () => {
    await ctl(sim, "POST", "/_sim/bangladesh", { paused: true, env: "live" });
    expect((await create(sim, "live", "/v1/payins", bdPayin("300.00"))).body.code).toBe("payment_unavailable");
    expect((await create(sim, "test", "/v1/payins", bdPayin("300.00"))).status).toBe(201);
    await ctl(sim, "POST", "/_sim/faults", { failNext: { count: 1, status: 503 } });
    expect((await api(sim, "test", "GET", "/v1/balance")).body.code).toBe("payment_unavailable");
    expect((await api(sim, "test", "GET", "/v1/ngn/banks")).body.code).toBe("payment_unavailable");
  });
});

describe("§8 limits", () => {
  it("Bangladesh 200 to 25,000 BDT for BKASH, NAGAD and UPAY", async () => {
    for (const method of ["BKASH", "NAGAD", "UPAY"]) {
      const at = async (amount: string) =>
        (await create(sim, "test", "/v1/payins", { ...bdPayin(amount), paymentMethodCode: method })).status;
      expect([await at("199.99"), await at("200"), await at("25000.00"), await at("25000.01")], method).toEqual([400, 201, 201, 400]);
    }
  });

  it("Brazil PIX 10.00 to 15,000.00 BRL", async () => {
    const at = async (amount: string) => (await create(sim, "test", "/v1/br/payins", brPayin(amount))).status;
    expect([await at("9.99"), await at("10.00"), await at("15000.00"), await at("15000.01")]).toEqual([400, 201, 201, 400]);
  });

  it("Nigeria inbound credit 100 to 5,000,000 NGN, checked when the credit settles", async () => {
    // provisioning the account takes no amount at all
    expect((await create(sim, "live", "/v1/ngn/virtual-account", vaBody)).status).toBe(201);
    await readyVirtualAccount(sim);
    const at = async (amount: string) => (await ctl(sim, "POST", "/_sim/ngn/inbound", { amount })).status;
    expect([await at("99.99"), await at("100.00"), await at("5000000.00"), await at("5000000.01")]).toEqual([
      "failed",
      "success",
      "success",
      "failed",
    ]);
    // 100.00 − 1.00 and 5,000,000.00 − 2,000.00 (cap)
    expect((await balances(sim, "live")).NGN?.available).toBe("12998099.00");
  });

  it("Nigeria payout 500 to 5,000,000 NGN", async () => {
    const at = async (amount: string) => (await create(sim, "live", "/v1/ngn/payouts", ngnPayout(amount))).status;
    expect([await at("499.99"), await at("500.00"), await at("5000000.01")]).toEqual([400, 201, 400]);
    await ctl(sim, "POST", "/_sim/reset", {});
    expect(await at("5000000.00")).toBe(201);
  });

  it("transactions limit 1 to 100 (default 20), offset default 0", async () => {
    await ctl(sim, "POST", "/_sim/reset", { testSize: 150 });
    const list = (q: string) => api(sim, "test", "GET", `/v1/transactions${q}`);
    const d = await list("");
    expect([d.body.items.length, d.body.limit, d.body.offset, d.body.total]).toEqual([20, 20, 0, 150]);
    expect((await list("?limit=1")).body.items).toHaveLength(1);
    expect((await list("?limit=100")).body.items).toHaveLength(100);
    for (const q of ["?limit=0", "?limit=101", "?limit=abc", "?offset=-1", "?offset=1.5"]) expect((await list(q)).status, q).toBe(400);
  });

  it("signature timestamp window ±5 minutes", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await api(sim, "test", "GET", "/v1/me", undefined, { timestamp: String(now - 295) })).status).toBe(200);
    expect((await api(sim, "test", "GET", "/v1/me", undefined, { timestamp: String(now + 305) })).status).toBe(401);
  });
});
