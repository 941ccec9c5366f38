import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsClient } from "@/lib/payments";
import { DEFAULT_KEYS } from "@/simulator/sim";
import { type RunningSimulator, startSimulator } from "@/simulator/server";
import { sourceFrom } from "@/features/transactions/server/registry";
import { TransactionSync } from "@/features/transactions/server/sync";

// The store against the real simulator and the real signed client: every page,
// then an injected transaction and a settled pending one after a refresh.
let simulator: RunningSimulator;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0, liveSize: 1500 });
});
afterAll(async () => {
  await simulator?.close();
});

type GroundTruth = { items: { id: string; status: string }[]; total: number };

async function groundTruth(): Promise<GroundTruth> {
  return (await fetch(`${simulator.url}/_sim/transactions?env=live`)).json() as Promise<GroundTruth>;
}

async function control(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${simulator.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${path} → ${response.status}`).toBe(true);
  return response.json();
}

describe("TransactionSync against the simulator", () => {
  it("holds exactly the simulator's list, and catches up incrementally", async () => {
    const { key: apiKey, secret: apiSecret } = DEFAULT_KEYS.live;
    const client = createPaymentsClient({ baseUrl: simulator.url, apiKey, apiSecret, environment: "live" });
    const sync = new TransactionSync(sourceFrom(client), { minRefreshIntervalMs: 0 });
    sync.ensureLoaded();
    await sync.idle();

    const truth = await groundTruth();
    expect(truth.total).toBe(1500);
    const held = sync.chunk(0, 10_000);
    expect(held.loaded).toBe(1500);
    expect(new Set(held.items.map((r) => r.id))).toEqual(new Set(truth.items.map((r) => r.id)));

    const version = sync.rows.version;
    const pending = truth.items.find((r) => r.status === "pending")!;
    await control("/_sim/settle", { env: "live", transactionId: pending.id, outcome: "success" });
    await control("/_sim/transactions", { env: "live", type: "payin", rail: "internal", amount: "12.50", currency: "USDT" });
    sync.refresh();
    await sync.idle();

    const after = await groundTruth();
    const changed = sync.chunk(version, 10_000).items;
    expect(changed.map((r) => r.id)).toContain(after.items[0]!.id);
    expect(changed.find((r) => r.id === pending.id)?.status).toBe("success");
    expect(sync.chunk(0, 1).loaded).toBe(1501);
  });
});
