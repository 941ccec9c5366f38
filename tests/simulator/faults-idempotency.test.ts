// Idempotency details and injected faults (latency, failNext, rateLimitNext, dropResponseNext).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningSimulator } from "@/simulator/server";
import { api, balances, bdPayin, bdPayout, boot, ctl, ngnPayout } from "./helpers";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await boot({ liveSize: 0, testSize: 0 });
});
afterAll(() => sim.close());
beforeEach(() => ctl(sim, "POST", "/_sim/reset", {}));

describe("idempotency", () => {
  it("a replay returns the first status and bytes with Idempotent-Replayed, and creates nothing", async () => {
    const key = randomUUID();
    const first = await api(sim, "test", "POST", "/v1/payouts", bdPayout("100.00", "wd-1"), { idempotencyKey: key });
    const again = await api(sim, "test", "POST", "/v1/payouts", bdPayout("100.00", "wd-1"), { idempotencyKey: key });
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect((await balances(sim, "test")).BDT?.available).toBe("249900.00");
    expect((await ctl(sim, "GET", "/_sim/payouts?env=test")).items).toHaveLength(1);
  });

  it("during the Bangladesh pause a stored key replays its first answer; a new key gets 503 and is not remembered", async () => {
    const firsts = [];
    for (const [path, body] of [
      ["/v1/payins", bdPayin("300.00")],
      ["/v1/payouts", bdPayout("100.00", "wd-before-pause")],
    ] as const) {
      const key = randomUUID();
      firsts.push({ path, body, key, res: await api(sim, "test", "POST", path, body, { idempotencyKey: key }) });
    }
    await ctl(sim, "POST", "/_sim/bangladesh", { paused: true });
    for (const { path, body, key, res } of firsts) {
      expect(res.status).toBe(201);
      const again = await api(sim, "test", "POST", path, body, { idempotencyKey: key });
      expect([again.status, again.text, again.headers.get("idempotent-replayed")]).toEqual([201, res.text, "true"]);
    }
    const newKey = randomUUID();
    const paused = await api(sim, "test", "POST", "/v1/payouts", bdPayout("50.00", "wd-in-pause"), { idempotencyKey: newKey });
    expect([paused.status, paused.body.code]).toEqual([503, "payment_unavailable"]);
    expect((await ctl(sim, "GET", "/_sim/payouts?env=test")).items).toHaveLength(1);
    await ctl(sim, "POST", "/_sim/bangladesh", { paused: false });
    const resumed = await api(sim, "test", "POST", "/v1/payouts", bdPayout("50.00", "wd-in-pause"), { idempotencyKey: newKey });
    expect([resumed.status, resumed.headers.get("idempotent-replayed")]).toEqual([201, null]);
  });

  it("the same key on another endpoint gives 409", async () => {
    const key = randomUUID();
    expect((await api(sim, "test", "POST", "/v1/payins", bdPayin("300.00"), { idempotencyKey: key })).status).toBe(201);
    expect((await api(sim, "test", "POST", "/v1/br/payins", bdPayin("300.00"), { idempotencyKey: key })).status).toBe(409);
  });

  it("keys are scoped to the API key (environment)", async () => {
    const key = randomUUID();
    expect((await api(sim, "test", "POST", "/v1/payins", bdPayin("300.00"), { idempotencyKey: key })).status).toBe(201);
    expect((await api(sim, "live", "POST", "/v1/payins", bdPayin("999.00"), { idempotencyKey: key })).status).toBe(201);
  });

  it("a validation 400 is not remembered, so the corrected body may reuse the key", async () => {
    const key = randomUUID();
    const bad = await api(sim, "test", "POST", "/v1/payins", bdPayin("10.00"), { idempotencyKey: key });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ path: "amount", message: expect.stringContaining("200.00") }]);
    expect((await api(sim, "test", "POST", "/v1/payins", bdPayin("200.00"), { idempotencyKey: key })).status).toBe(201);
  });

  it("a business-rule 400 is remembered and replayed", async () => {
    const key = randomUUID();
    const body = bdPayout("300000.00", "wd-big");
    const first = await api(sim, "test", "POST", "/v1/payouts", body, { idempotencyKey: key });
    expect(first.body.code).toBe("insufficient_balance");
    const again = await api(sim, "test", "POST", "/v1/payouts", body, { idempotencyKey: key });
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("concurrent duplicates under latency: one write, the other replays", async () => {
    await ctl(sim, "POST", "/_sim/faults", { latencyMs: 50 });
    const key = randomUUID();
    const body = bdPayout("10.00", "wd-dup");
    const [a, b] = await Promise.all([
      api(sim, "test", "POST", "/v1/payouts", body, { idempotencyKey: key }),
      api(sim, "test", "POST", "/v1/payouts", body, { idempotencyKey: key }),
    ]);
    expect(a.text).toBe(b.text);
    expect([a.headers.get("idempotent-replayed"), b.headers.get("idempotent-replayed")].sort()).toEqual(["true", null].sort());
    expect((await ctl(sim, "GET", "/_sim/payouts?env=test")).items).toHaveLength(1);
  });
});

describe("faults", () => {
  it("latencyMs delays /v1 answers", async () => {
    await ctl(sim, "POST", "/_sim/faults", { latencyMs: 150 });
    try {
      const t0 = Date.now();
      expect((await api(sim, "test", "GET", "/v1/me")).status).toBe(200);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    } finally {
      await ctl(sim, "DELETE", "/_sim/faults");
    }
  });

  it("failNext answers the given status `count` times on the matching path, without processing", async () => {
    await ctl(sim, "POST", "/_sim/faults", { failNext: { count: 2, status: 503, path: "/v1/payouts" } });
    expect((await api(sim, "test", "GET", "/v1/me")).status).toBe(200);
    const key = randomUUID();
    const r1 = await api(sim, "test", "POST", "/v1/payouts", bdPayout("10.00", "wd-f"), { idempotencyKey: key });
    expect(r1.status).toBe(503);
    expect(r1.body.code).toBe("payment_unavailable");
    expect((await api(sim, "test", "POST", "/v1/payouts", bdPayout("10.00", "wd-f"), { idempotencyKey: key })).status).toBe(503);
    expect((await api(sim, "test", "POST", "/v1/payouts", bdPayout("10.00", "wd-f"), { idempotencyKey: key })).status).toBe(201);
    expect((await balances(sim, "test")).BDT?.available).toBe("249990.00");
  });

  it("malformedTransactions sends those transactions malformed until cleared, and refuses a bad list of ids", async () => {
    await api(sim, "test", "POST", "/v1/payins", bdPayin("300.00"), { idempotencyKey: randomUUID() });
    await api(sim, "test", "POST", "/v1/payins", bdPayin("400.00"), { idempotencyKey: randomUUID() });
    const clean = (await api(sim, "test", "GET", "/v1/transactions")).body as { items: { id: string; amount: string; status?: string }[] };
    const target = clean.items[1]!;
    for (const bad of ["tx_1", [""], [1], Array.from({ length: 1001 }, (_, i) => `tx_${i}`)]) {
      await expect(ctl(sim, "POST", "/_sim/faults", { malformedTransactions: bad })).rejects.toThrow(/400/);
    }
    expect((await ctl(sim, "GET", "/_sim/faults")).malformedTransactions).toEqual([]);
    await ctl(sim, "POST", "/_sim/faults", { malformedTransactions: [target.id] });
    const garbled = (await api(sim, "test", "GET", "/v1/transactions")).body as typeof clean;
    expect(garbled.items[0]).toEqual(clean.items[0]);
    expect(garbled.items[1]).toEqual({ ...target, status: undefined, amount: "n/a" });
    // Its own endpoint too; the other rows' answer whole.
    expect((await api(sim, "test", "GET", `/v1/transactions/${target.id}`)).body).toEqual({ ...target, status: undefined, amount: "n/a" });
    expect((await api(sim, "test", "GET", `/v1/transactions/${clean.items[0]!.id}`)).body).toEqual(clean.items[0]);
    await ctl(sim, "DELETE", "/_sim/faults");
    expect((await api(sim, "test", "GET", "/v1/transactions")).body).toEqual(clean);
  });

  it("rateLimitNext answers 429 with Retry-After", async () => {
    await ctl(sim, "POST", "/_sim/faults", { rateLimitNext: { count: 1, retryAfterSeconds: 7 } });
    const r = await api(sim, "test", "GET", "/v1/transactions");
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBe("7");
    expect(r.body.code).toBe("rate_limited");
    expect((await api(sim, "test", "GET", "/v1/transactions")).status).toBe(200);
  });

  it("dropResponseNext commits exactly once: the retry replays, one payout, one debit", async () => {
    await ctl(sim, "POST", "/_sim/faults", { dropResponseNext: { count: 1, path: "/v1/ngn/payouts" } });
    const key = randomUUID();
    const body = ngnPayout("1000.00", "0123456789", "wd-drop-1");
    await expect(api(sim, "live", "POST", "/v1/ngn/payouts", body, { idempotencyKey: key })).rejects.toThrow();
    const retry = await api(sim, "live", "POST", "/v1/ngn/payouts", body, { idempotencyKey: key });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const payouts = (await ctl(sim, "GET", "/_sim/payouts?env=live&rail=nigeria")).items.filter(
      (p: { merchantReference: string }) => p.merchantReference === "wd-drop-1",
    );
    expect(payouts).toHaveLength(1);
    expect(payouts[0].transactionId).toBe(retry.body.transactionId);
    const ledger = (await ctl(sim, "GET", `/_sim/ledger?env=live&currency=NGN`)).items.filter(
      (e: { reason: string }) => e.reason === "payout.debit",
    );
    expect(ledger).toEqual([expect.objectContaining({ transactionId: retry.body.transactionId, delta: "-1000.00" })]);
    expect((await balances(sim, "live")).NGN?.available).toBe("7999000.00");
  });

  it("holdResponseNext commits, holds the answer while GET /_sim/faults counts it, and clearing the faults drops it", async () => {
    await ctl(sim, "POST", "/_sim/faults", { holdResponseNext: { count: 1, path: "/v1/ngn/payouts" } });
    const body = ngnPayout("1000.00", "0123456789", "wd-hold-1");
    const key = randomUUID();
    const answer = api(sim, "live", "POST", "/v1/ngn/payouts", body, { idempotencyKey: key }).then(
      () => "answered",
      () => "lost",
    );
    // Polled, not slept: the write is committed once the answer is held.
    await expect.poll(async () => (await ctl(sim, "GET", "/_sim/faults")).held, { timeout: 5_000 }).toBe(1);
    const committed = (await ctl(sim, "GET", "/_sim/payouts?env=live&rail=nigeria")).items.filter(
      (p: { merchantReference: string }) => p.merchantReference === "wd-hold-1",
    );
    expect(committed).toHaveLength(1);
    expect((await ctl(sim, "GET", "/_sim/faults")).holdResponseNext).toBeNull();

    expect((await ctl(sim, "DELETE", "/_sim/faults")).held).toBe(0);
    expect(await answer).toBe("lost");
    // The same key replays the committed payout: still one.
    const retry = await api(sim, "live", "POST", "/v1/ngn/payouts", body, { idempotencyKey: key });
    expect([retry.status, retry.headers.get("idempotent-replayed"), retry.body.transactionId]).toEqual([
      201,
      "true",
      committed[0].transactionId,
    ]);
  });

  it("a held answer is forgotten when its client goes away, and a reset releases the rest", async () => {
    await ctl(sim, "POST", "/_sim/faults", { holdResponseNext: { count: 2, path: "/v1/payouts" } });
    const controller = new AbortController();
    const gone = api(sim, "test", "POST", "/v1/payouts", bdPayout("10.00", "wd-hold-gone"), {
      idempotencyKey: randomUUID(),
      signal: controller.signal,
    }).catch(() => "aborted");
    const kept = api(sim, "test", "POST", "/v1/payouts", bdPayout("11.00", "wd-hold-kept"), { idempotencyKey: randomUUID() }).catch(
      () => "lost",
    );
    await expect.poll(async () => (await ctl(sim, "GET", "/_sim/faults")).held, { timeout: 5_000 }).toBe(2);
    controller.abort();
    expect(await gone).toBe("aborted");
    await expect.poll(async () => (await ctl(sim, "GET", "/_sim/faults")).held, { timeout: 5_000 }).toBe(1);
    await ctl(sim, "POST", "/_sim/reset", {});
    expect(await kept).toBe("lost");
    expect((await ctl(sim, "GET", "/_sim/faults")).held).toBe(0);
  });

  it("refuses a malformed holdResponseNext and changes nothing", async () => {
    const res = await fetch(`${sim.url}/_sim/faults`, { method: "POST", body: JSON.stringify({ holdResponseNext: { count: 0 } }) });
    expect(res.status).toBe(400);
    expect((await ctl(sim, "GET", "/_sim/faults")).holdResponseNext).toBeNull();
  });
});
