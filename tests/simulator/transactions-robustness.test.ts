// Transaction list semantics, seed determinism, a 100,000-row page, and malformed input.
import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSimulator } from "@/simulator/server";
import { createRng } from "@/simulator/prng";
import { KEYS, api, boot, create, ctl, nowSeconds, sign } from "./helpers";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await boot();
});
afterAll(() => sim.close());

const ITEM_KEYS = [
  "amount",
  "completedAt",
  "createdAt",
  "currency",
  "id",
  "paidAmount",
  "platformOrderId",
  "rail",
  "railLabel",
  "status",
  "type",
];

describe("transactions", () => {
  it("GET /_sim/totals sums the whole list per currency, exactly", async () => {
    const truth = (await ctl(sim, "GET", "/_sim/transactions?env=live")).items as { currency: string; type: string; amount: string }[];
    const { items } = (await ctl(sim, "GET", "/_sim/totals?env=live")) as {
      items: { currency: string; count: number; payinCount: number; payoutCount: number; payins: string; payouts: string }[];
    };
    expect(items.map((t) => t.currency)).toEqual([...new Set(truth.map((t) => t.currency))].sort());
    for (const total of items) {
      const rows = truth.filter((t) => t.currency === total.currency);
      const sum = (type: string) => rows.filter((t) => t.type === type).reduce((acc, t) => acc.plus(t.amount), new Decimal(0));
      expect(total.count).toBe(rows.length);
      expect(total.payinCount + total.payoutCount).toBe(rows.length);
      expect(new Decimal(total.payins).eq(sum("payin"))).toBe(true);
      expect(new Decimal(total.payouts).eq(sum("payout"))).toBe(true);
    }
  });

  it("GET /_sim/totals?by=status keeps each status apart, exactly, and refuses another split", async () => {
    const truth = (await ctl(sim, "GET", "/_sim/transactions?env=live")).items as {
      currency: string;
      status: string;
      type: string;
      amount: string;
    }[];
    const { items } = (await ctl(sim, "GET", "/_sim/totals?env=live&by=status")) as {
      items: { currency: string; status: string; count: number; payins: string; payouts: string }[];
    };
    expect(items.map((t) => `${t.currency} ${t.status}`)).toEqual([...new Set(truth.map((t) => `${t.currency} ${t.status}`))].sort());
    for (const total of items) {
      const rows = truth.filter((t) => t.currency === total.currency && t.status === total.status);
      const sum = (type: string) => rows.filter((t) => t.type === type).reduce((acc, t) => acc.plus(t.amount), new Decimal(0));
      expect(total.count).toBe(rows.length);
      expect(new Decimal(total.payins).eq(sum("payin"))).toBe(true);
      expect(new Decimal(total.payouts).eq(sum("payout"))).toBe(true);
    }
    await expect(ctl(sim, "GET", "/_sim/totals?env=live&by=rail")).rejects.toThrow(/by/);
  });

  it("default seed: live 300 rows over every rail with labels, brazil unapproved, newest first", async () => {
    const truth = (await ctl(sim, "GET", "/_sim/transactions?env=live")).items;
    expect(truth).toHaveLength(300);
    const labels = Object.fromEntries(truth.map((t: { rail: string; railLabel: string }) => [t.rail, t.railLabel]));
    expect(labels).toEqual({
      bangladesh: "Bangladesh",
      brazil: "Brazil",
      india: "India",
      europe: "Europe",
      nigeria: "Nigeria",
      pyusd: "PYUSD",
      internal: "Internal",
      unknown: "Unknown",
    });
    const times = truth.map((t: { createdAt: string }) => Date.parse(t.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Date.now() - times[times.length - 1]).toBeLessThanOrEqual(60 * 86_400_000);
    expect(truth.filter((t: { status: string }) => t.status === "pending").length).toBeGreaterThan(0);
    expect((await ctl(sim, "GET", "/_sim/state?env=live")).markets.brazil.approved).toBe(false);
    expect((await ctl(sim, "GET", "/_sim/transactions?env=test")).total).toBe(80);

    const page = await api(sim, "live", "GET", "/v1/transactions?limit=5&offset=2");
    expect(page.body.items).toEqual(truth.slice(2, 7));
    expect(Object.keys(page.body.items[0]).sort()).toEqual(ITEM_KEYS);
  });

  it("type filters; rail, status and unknown parameters are rejected", async () => {
    const payouts = await api(sim, "live", "GET", "/v1/transactions?type=payout&limit=100");
    expect(payouts.body.items.every((t: { type: string }) => t.type === "payout")).toBe(true);
    for (const q of ["rail=india", "status=success", "foo=1", "type=refund", "limit=5&limit=6"]) {
      const r = await api(sim, "live", "GET", `/v1/transactions?${q}`);
      expect(r.status, q).toBe(400);
    }
  });

  it("a new write appears first; GET /v1/transactions/:id; 404 not_found", async () => {
    const p = await create(sim, "live", "/v1/h2h/payin-instances", { amount: "1000.00", currencySymbol: "INR" });
    const first = (await api(sim, "live", "GET", "/v1/transactions?limit=1")).body.items[0];
    expect(first).toMatchObject({ id: p.body.transactionId, rail: "india", railLabel: "India", status: "pending", paidAmount: null });
    expect((await api(sim, "live", "GET", `/v1/transactions/${p.body.transactionId}`)).body).toEqual(first);
    const missing = await api(sim, "live", "GET", "/v1/transactions/tx_nope");
    expect([missing.status, missing.body.code]).toEqual([404, "not_found"]);
    // environments are separate ledgers
    expect((await api(sim, "test", "GET", `/v1/transactions/${p.body.transactionId}`)).status).toBe(404);
  });

  it("injected rows (ground truth) show internal and unknown rails", async () => {
    const r = await fetch(`${sim.url}/_sim/transactions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ env: "test", type: "payout", rail: "unknown", amount: "12.5", currency: "USD" }),
    });
    expect(r.status).toBe(201);
    const first = (await api(sim, "test", "GET", "/v1/transactions?limit=1")).body.items[0];
    expect(first).toMatchObject({ rail: "unknown", railLabel: "Unknown", amount: "12.50", status: "success", type: "payout" });
  });

  it("never issues a transaction id again after a reset, as the API never reuses one", async () => {
    const inject = async () =>
      (await ctl(sim, "POST", "/_sim/transactions", {
        env: "live",
        type: "payout",
        rail: "nigeria",
        currency: "NGN",
        amount: "10.00",
      })) as {
        id: string;
      };
    // Both right after a reset, so each is the first id of its reset's stream.
    await ctl(sim, "POST", "/_sim/reset", {});
    const first = await inject();
    await ctl(sim, "POST", "/_sim/reset", {});
    const second = await inject();
    expect(second.id).not.toBe(first.id);
    const ids = (await ctl(sim, "GET", "/_sim/transactions?env=live")).items.map((t: { id: string }) => t.id);
    expect(ids).toContain(second.id);
    expect(ids).not.toContain(first.id);
  });

  it("the seed is deterministic for a seed value", async () => {
    const other = await boot({ seed: 7 });
    const again = await boot({ seed: 7 });
    try {
      const ids = async (s: RunningSimulator) =>
        (await ctl(s, "GET", "/_sim/transactions?env=live")).items.map((t: { id: string; amount: string }) => t.id + t.amount);
      const a = await ids(other);
      expect(await ids(again)).toEqual(a);
      expect(await ids(sim)).not.toEqual(a);
    } finally {
      await Promise.all([other.close(), again.close()]);
    }
  });

  it("a page of 100 from 100,000 rows matches the ground truth", async () => {
    const big = await boot({ liveSize: 100_000, testSize: 0 });
    try {
      const total = (await ctl(big, "GET", "/_sim/state?env=live")).counts.transactions;
      expect(total).toBe(100_000);
      for (const offset of [0, 50_000, 99_950]) {
        const page = await api(big, "live", "GET", `/v1/transactions?limit=100&offset=${offset}`);
        const truth = (await ctl(big, "GET", `/_sim/transactions?env=live&limit=100&offset=${offset}`)).items;
        expect(page.body.total).toBe(100_000);
        expect(page.body.items).toEqual(truth);
        expect(page.body.items).toHaveLength(offset === 99_950 ? 50 : 100);
      }
      const payins = await api(big, "live", "GET", "/v1/transactions?type=payin&limit=100&offset=1000");
      expect(payins.body.items).toHaveLength(100);
      expect(payins.body.items.every((t: { type: string }) => t.type === "payin")).toBe(true);
      // balances stay sane after 100,000 rows of history
      const bal = await api(big, "live", "GET", "/v1/balance");
      for (const i of bal.body.items) expect(i.availableBalance.startsWith("-")).toBe(false);
    } finally {
      await big.close();
    }
  });
});

describe("malformed input never crashes the simulator", () => {
  const post = (path: string, raw: string, headers: Record<string, string> = {}) =>
    api(sim, "test", "POST", path, undefined, { raw, idempotencyKey: randomUUID(), headers });

  it("bad JSON, wrong types and wrong shapes give 400 with a JSON body", async () => {
    for (const raw of [
      "{",
      "[]",
      "null",
      "42",
      '"str"',
      '{"amount":null}',
      '{"amount":["1"]}',
      '{"amount":"1e3"}',
      '{"amount":"-5"}',
      '{"amount":"0.001"}',
      '{"customer":"x"}',
      "\u0000\u0001",
    ]) {
      const r = await post("/v1/payins", raw);
      expect(r.status, raw).toBe(400);
      expect(r.body.statusCode, raw).toBe(400);
    }
    const ct = await post("/v1/payins", "{}", { "Content-Type": "text/plain" });
    expect(ct.status).toBe(400);
  });

  it("an oversized body gives 413 with a JSON body", async () => {
    const raw = JSON.stringify({ pad: "x".repeat(1024 * 1024 + 10) });
    const r = await post("/v1/payins", raw);
    expect([r.status, r.body.code]).toEqual([413, "payload_too_large"]);
  });

  it("unknown paths, wrong methods and odd URLs", async () => {
    expect((await api(sim, "test", "GET", "/v1/nope")).status).toBe(404);
    const m = await api(sim, "test", "DELETE", "/v1/me");
    expect([m.status, m.headers.get("allow")]).toEqual([405, "GET"]);
    expect((await api(sim, "test", "GET", "/v1/payins/%E0%A4%A")).status).toBe(404);
    expect((await fetch(`${sim.url}/`)).status).toBe(404);
    expect((await fetch(`${sim.url}/_sim/nope`)).status).toBe(404);
    expect((await fetch(`${sim.url}/_sim/advance`, { method: "POST", body: "{oops" })).status).toBe(400);
  });

  it("seeded fuzz: random bodies on every write endpoint answer JSON, then the server still works", async () => {
    const rng = createRng("fuzz");
    const atoms: unknown[] = [null, true, 0, -1, 1.5, "", "x", "200.00", "9".repeat(40), [], {}, { a: 1 }, "\u202e", "<script>"];
    const paths: Array<["test" | "live", string]> = [
      ["test", "/v1/payins"],
      ["test", "/v1/payouts"],
      ["test", "/v1/br/payins"],
      ["test", "/v1/br/payouts"],
      ["test", "/v1/h2h/payin-instances"],
      ["test", "/v1/h2h/buyer-confirms-payment"],
      ["test", "/v1/eur/payin-instances"],
      ["test", "/v1/eur/payout-instances"],
      ["live", "/v1/ngn/virtual-account"],
      ["live", "/v1/ngn/verify-account"],
      ["live", "/v1/ngn/payouts"],
      ["live", "/v1/pyusd/payment-intents"],
    ];
    const fields = [
      "amount",
      "currency",
      "currencySymbol",
      "customer",
      "beneficiary",
      "merchantReference",
      "paymentMethodCode",
      "utr",
      "transactionId",
      "expiresInMinutes",
      "bvn",
      "dateOfBirth",
    ];
    for (let i = 0; i < 150; i++) {
      const [env, path] = rng.pick(paths);
      const body: Record<string, unknown> = {};
      for (let k = rng.int(0, 5); k > 0; k--) body[rng.pick(fields)] = rng.pick(atoms);
      const raw = JSON.stringify(body);
      const ts = String(nowSeconds());
      const r = await fetch(`${sim.url}${path}`, {
        method: "POST",
        headers: {
          "X-Service-Key": KEYS[env].key,
          "X-Service-Timestamp": ts,
          "X-Service-Signature": sign(KEYS[env].secret, ts, raw),
          "Content-Type": "application/json",
          "Idempotency-Key": randomUUID(),
        },
        body: raw,
      });
      expect(r.status, `${path} ${raw}`).toBeLessThan(500);
      expect(r.headers.get("content-type")).toContain("application/json");
      await r.json();
    }
    expect((await api(sim, "test", "GET", "/v1/me")).status).toBe(200);
  });
});
