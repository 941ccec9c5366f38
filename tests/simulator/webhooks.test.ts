// §6 webhooks: delivery to a local receiver, signature, retries, async delivery.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningSimulator } from "@/simulator/server";
import { KEYS, advance, api, bdPayin, boot, create, ctl, ngnPayout, readyVirtualAccount, waitFor } from "./helpers";

type Hit = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver that answers `plan[i]` to the i-th request (then 200), or holds while `hold` is set. */
function receiver() {
  const hits: Hit[] = [];
  const state = { plan: [] as number[], hold: null as Promise<void> | null };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      void (state.hold ?? Promise.resolve()).then(() => res.writeHead(state.plan.shift() ?? 200).end());
    });
  });
  return { server, hits, state };
}

let sim: RunningSimulator;
let rx: ReturnType<typeof receiver>;
let url: string;

beforeAll(async () => {
  sim = await boot({ liveSize: 0, testSize: 0, webhookBackoffMs: 10 });
  rx = receiver();
  await new Promise<void>((r) => rx.server.listen(0, "127.0.0.1", () => r()));
  url = `http://127.0.0.1:${(rx.server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await sim.close();
  rx.server.closeAllConnections();
  await new Promise((r) => rx.server.close(r));
});
beforeEach(async () => {
  await ctl(sim, "POST", "/_sim/reset", {});
  rx.hits.length = 0;
  rx.state.plan = [];
  rx.state.hold = null;
  for (const env of ["test", "live"] as const) expect((await api(sim, env, "PATCH", "/v1/me/webhook", { url })).status).toBe(200);
});

const deliveries = async (env: "test" | "live") => (await ctl(sim, "GET", `/_sim/webhooks?env=${env}`)).items;

describe("webhooks", () => {
  it("PATCH /v1/me/webhook accepts https and local http only", async () => {
    const r = await api(sim, "test", "PATCH", "/v1/me/webhook", { url: "http://merchant.example/hooks" });
    expect(r.status).toBe(400);
    const ok = await api(sim, "test", "PATCH", "/v1/me/webhook", { url: "https://merchant.example/hooks" });
    expect(ok.body).toMatchObject({ webhookUrl: "https://merchant.example/hooks", updatedAt: expect.any(String) });
    expect((await api(sim, "test", "GET", "/v1/me")).body.webhookUrl).toBe("https://merchant.example/hooks");
  });

  it("payin.completed is delivered signed with the environment's secret", async () => {
    const p = await create(sim, "test", "/v1/payins", bdPayin("1000.00"));
    await advance(sim, 600);
    const hit = await waitFor(() => rx.hits[0], 5000, "delivery");
    const ts = hit.headers["x-service-webhook-timestamp"] as string;
    expect(ts).toMatch(/^[0-9]{10}$/);
    expect(hit.headers["x-service-webhook-signature"]).toBe(
      createHmac("sha256", KEYS.test.secret).update(`${ts}.${hit.body}`).digest("hex"),
    );
    const event = JSON.parse(hit.body);
    expect(event).toMatchObject({
      type: "payin.completed",
      environment: "test",
      data: {
        transactionId: p.body.transactionId,
        rail: "bangladesh",
        type: "payin",
        status: "success",
        amount: "1000.00",
        currency: "BDT",
        netAmount: "975.00",
      },
    });
    expect(event.id).toEqual(expect.any(String));
  });

  it("a failing receiver gets retries until it answers 2xx; the log shows each attempt", async () => {
    rx.state.plan = [500, 503, 200];
    const p = await create(sim, "test", "/v1/payins", bdPayin("500.13"));
    await advance(sim, 600);
    const d = await waitFor(
      async () => (await deliveries("test")).find((x: { status: string }) => x.status === "delivered"),
      5000,
      "delivered",
    );
    expect(d).toMatchObject({ type: "payin.failed", transactionId: p.body.transactionId, url });
    expect(d.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 503, 200]);
    expect(rx.hits).toHaveLength(3);
    expect(new Set(rx.hits.map((h) => JSON.parse(h.body).id)).size).toBe(1);
  });

  it("gives up after 5 retries", async () => {
    rx.state.plan = [500, 500, 500, 500, 500, 500, 500];
    await create(sim, "test", "/v1/payins", bdPayin("400.00"));
    await advance(sim, 600);
    const d = await waitFor(async () => (await deliveries("test")).find((x: { status: string }) => x.status === "failed"), 8000, "failed");
    expect(d.attempts).toHaveLength(6);
  });

  it("a network error is retried too", async () => {
    await api(sim, "test", "PATCH", "/v1/me/webhook", { url: "http://127.0.0.1:1/none" });
    await create(sim, "test", "/v1/payins", bdPayin("400.00"));
    await advance(sim, 600);
    const d = await waitFor(async () => (await deliveries("test")).find((x: { status: string }) => x.status === "failed"), 8000, "failed");
    expect(d.attempts).toHaveLength(6);
    expect(d.attempts[0].error).toEqual(expect.any(String));
  });

  it("delivery never blocks the request that caused it", async () => {
    let release!: () => void;
    rx.state.hold = new Promise<void>((r) => (release = r));
    await create(sim, "test", "/v1/payins", bdPayin("300.00"));
    await advance(sim, 600); // returns while the receiver still holds the event
    await waitFor(() => rx.hits.length === 1, 5000, "held delivery");
    expect((await deliveries("test"))[0].status).toBe("pending");
    release();
    await waitFor(async () => (await deliveries("test"))[0].status === "delivered", 5000, "delivered");
  });

  it("a reset ends the old state's deliveries: the attempt it cut off is not retried", async () => {
    let release!: () => void;
    rx.state.hold = new Promise<void>((r) => (release = r));
    await create(sim, "test", "/v1/payins", bdPayin("300.00"));
    await advance(sim, 600);
    await waitFor(() => rx.hits.length === 1, 5000, "held delivery");
    await ctl(sim, "POST", "/_sim/reset", {});
    release();
    await sim.sim.webhooks.idle();
    // only the attempt that was already under way reached the receiver (the reset registers no URL)
    expect(rx.hits).toHaveLength(1);
    expect(await deliveries("test")).toEqual([]);
  });

  it("a reset drops lifecycles under way, so they never emit; new items still do", async () => {
    // told apart by amount: ids restart from the seed, so the new pay-in may reuse the old one's id
    await create(sim, "test", "/v1/payins", bdPayin("300.00"));
    await ctl(sim, "POST", "/_sim/reset", {});
    expect((await api(sim, "test", "PATCH", "/v1/me/webhook", { url })).status).toBe(200);
    await create(sim, "test", "/v1/payins", bdPayin("400.00"));
    await advance(sim, 600);
    await waitFor(() => rx.hits.length > 0, 5000, "delivery of the new pay-in");
    await sim.sim.webhooks.idle();
    expect(rx.hits.map((h) => JSON.parse(h.body).data.amount)).toEqual(["400.00"]);
  });

  it("Nigeria: inbound credit sends payin.completed (NGN); payouts send payout.completed and payout.failed", async () => {
    await readyVirtualAccount(sim);
    await ctl(sim, "POST", "/_sim/ngn/inbound", { amount: "5000.00" });
    const ok = await create(sim, "live", "/v1/ngn/payouts", ngnPayout("600.00"));
    const bad = await create(sim, "live", "/v1/ngn/payouts", ngnPayout("700.00", "9999990013"));
    await advance(sim, 180);
    await waitFor(
      async () => (await deliveries("live")).filter((x: { status: string }) => x.status === "delivered").length === 3,
      5000,
      "3 deliveries",
    );
    const events = rx.hits.map((h) => JSON.parse(h.body));
    expect(events.find((e) => e.type === "payin.completed")?.data).toMatchObject({
      rail: "nigeria",
      currency: "NGN",
      amount: "5000.00",
      netAmount: "4950.00",
    });
    expect(events.find((e) => e.type === "payout.completed")?.data).toMatchObject({
      transactionId: ok.body.transactionId,
      settled: true,
      withdrawalStatus: "completed",
    });
    expect(events.find((e) => e.type === "payout.failed")?.data).toMatchObject({ transactionId: bad.body.transactionId, status: "failed" });
    for (const h of rx.hits) {
      const ts = h.headers["x-service-webhook-timestamp"] as string;
      expect(h.headers["x-service-webhook-signature"]).toBe(createHmac("sha256", KEYS.live.secret).update(`${ts}.${h.body}`).digest("hex"));
    }
  });

  it("Europe pay-in creation is followed by payin.completed", async () => {
    const p = await create(sim, "test", "/v1/eur/payin-instances", {
      amount: "20.00",
      currency: "EUR",
      customer: { name: "E", email: "e@x.eu" },
    });
    await advance(sim, 480);
    const hit = await waitFor(() => rx.hits[0], 5000, "delivery");
    expect(JSON.parse(hit.body)).toMatchObject({ type: "payin.completed", data: { transactionId: p.body.transactionId, rail: "europe" } });
  });
});
