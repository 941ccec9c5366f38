import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isTransactionListAsIs, transactionListSchema } from "@/lib/payments/schemas/transactions";
import { authHeaders } from "@/lib/payments/signing";
import { DEFAULT_KEYS } from "@/simulator/sim";
import { type RunningSimulator, startSimulator } from "@/simulator/server";
import { transactionItem } from "./fixtures";

// isTransactionListAsIs lets a page skip zod. It must never take a page zod would refuse or
// change, and it should take the pages the service actually sends (or it saves nothing).

const item = transactionItem;
const page = (items: unknown[], envelope: Record<string, unknown> = {}) => ({
  items,
  total: items.length,
  limit: 100,
  offset: 0,
  ...envelope,
});

/** Values to put in a field: valid ones, near misses, wrong types. */
const VALUES: unknown[] = [
  "tx_1",
  "",
  "payin",
  "payout",
  "PAYIN",
  "pending",
  "success",
  "SUCCESS",
  "failed",
  "1.00",
  "-12.5",
  "0",
  "1.",
  ".5",
  "1e5",
  " 1.00",
  "1,000.00",
  "nigeria",
  "india",
  "unknown",
  "mars",
  "2026-01-01T00:00:00Z",
  "2026-01-01T00:00:00.123456Z",
  "2026-01-01T00:00:00+05:30",
  "2028-02-29T12:00:00Z",
  "2026-02-29T12:00:00Z",
  "2026-04-31T12:00:00Z",
  "2026-13-01T00:00:00Z",
  "2026-01-01T24:00:00Z",
  "2026-01-01T00:00Z",
  "2026-01-01 00:00:00Z",
  "2026-01-01T00:00:00",
  "2026-01-01",
  null,
  undefined,
  0,
  1.5,
  true,
  [],
  {},
];
const FIELDS = Object.keys(item) as (keyof typeof item)[];

/** A page as zod sees it after a JSON round trip (undefined fields vanish, as they would on the wire). */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? "null");

function expectAgreement(candidate: unknown): boolean {
  const json = wire(candidate);
  const asIs = isTransactionListAsIs(json);
  const parsed = transactionListSchema.safeParse(json);
  if (asIs) {
    expect(parsed.success, JSON.stringify(json)).toBe(true);
    // Taken as it is means zod would have answered the same value.
    expect(parsed.data).toEqual(json);
  }
  return asIs;
}

let simulator: RunningSimulator;
beforeAll(async () => {
  simulator = await startSimulator({ port: 0, liveSize: 2_000 });
});
afterAll(async () => {
  await simulator?.close();
});

/** One page of GET /v1/transactions exactly as the simulator sends it. */
async function upstreamPage(offset: number): Promise<unknown> {
  const { key: apiKey, secret: apiSecret } = DEFAULT_KEYS.live;
  const response = await fetch(`${simulator.url}/v1/transactions?limit=100&offset=${offset}`, {
    headers: authHeaders({ apiKey, apiSecret, body: undefined, nowMs: Date.now() }),
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe("isTransactionListAsIs", () => {
  it("takes a page the service sends", () => {
    expect(expectAgreement(page([item, { ...item, id: "tx_2", type: "payin", paidAmount: "0.50", completedAt: null }]))).toBe(true);
    expect(expectAgreement(page([]))).toBe(true);
  });

  it("takes every page of the simulator's list, and zod would answer each unchanged", async () => {
    let rows = 0;
    for (let offset = 0; offset < 2_000; offset += 100) {
      const answer = await upstreamPage(offset);
      expect(expectAgreement(answer)).toBe(true);
      rows += (answer as { items: unknown[] }).items.length;
    }
    expect(rows).toBe(2_000);
  });

  it("never takes an item zod would refuse or change: every field set to every test value", () => {
    let taken = 0;
    let left = 0;
    for (const field of FIELDS) {
      for (const value of VALUES) {
        if (expectAgreement(page([item, { ...item, [field]: value }]))) taken++;
        else left++;
      }
      // A field missing altogether.
      const { [field]: _gone, ...without } = item;
      expect(expectAgreement(page([without]))).toBe(false);
    }
    // Both outcomes occur, so the loop tests something either way.
    expect(taken).toBeGreaterThan(20);
    expect(left).toBeGreaterThan(200);
  });

  it("leaves a rail zod would read as unknown to zod", () => {
    expect(expectAgreement(page([{ ...item, rail: "mars" }]))).toBe(false);
    expect(transactionListSchema.parse(wire(page([{ ...item, rail: "mars" }]))).items[0]!.rail).toBe("unknown");
  });

  it("keeps fields the service adds, as zod's loose objects do", () => {
    expect(expectAgreement(page([{ ...item, note: "new upstream field" }], { cursor: "abc" }))).toBe(true);
  });

  it.each([
    ["no items", { total: 0, limit: 100, offset: 0 }],
    ["items not an array", { items: {}, total: 0, limit: 100, offset: 0 }],
    ["a negative total", page([], { total: -1 })],
    ["a fractional limit", page([], { limit: 1.5 })],
    ["a string offset", page([], { offset: "0" })],
    ["an item that is an array", page([[1, 2]])],
    ["an item that is null", page([null])],
    ["not an object", [item]],
    ["null", null],
  ])("leaves a page with %s to zod", (_name, candidate) => {
    expect(expectAgreement(candidate)).toBe(false);
  });
});
