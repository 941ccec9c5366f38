import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isTransactionAsIs,
  isTransactionListEnvelope,
  readTransactionList,
  transactionListEnvelopeSchema,
  transactionSchema,
} from "@/lib/payments/schemas/transactions";
import { authHeaders } from "@/lib/payments/signing";
import { DEFAULT_KEYS } from "@/simulator/sim";
import { type RunningSimulator, startSimulator } from "@/simulator/server";
import { transactionItem } from "./fixtures";

// isTransactionListEnvelope and isTransactionAsIs let a page and its rows skip zod. They must
// never take what zod would refuse or change, and they should take the pages the service
// actually sends (or they save nothing). readTransactionList keeps the rows it can read.

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

/** Whether the page and each of its rows would skip zod; when one does, zod would have answered it unchanged. */
function expectAgreement(candidate: unknown): boolean {
  const json = wire(candidate);
  const envelope = isTransactionListEnvelope(json);
  const parsed = transactionListEnvelopeSchema.safeParse(json);
  if (envelope) {
    expect(parsed.success, JSON.stringify(json)).toBe(true);
    expect(parsed.data).toEqual(json);
  }
  if (!parsed.success) return false;
  let every = envelope;
  for (const row of parsed.data.items) {
    const asIs = isTransactionAsIs(row);
    const read = transactionSchema.safeParse(row);
    if (asIs) {
      expect(read.success, JSON.stringify(row)).toBe(true);
      expect(read.data).toEqual(row);
    }
    every &&= asIs;
  }
  return every;
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

describe("isTransactionListEnvelope and isTransactionAsIs", () => {
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
    const read = readTransactionList(transactionListEnvelopeSchema.parse(wire(page([{ ...item, rail: "mars" }]))));
    expect(read.items[0]!.rail).toBe("unknown");
    expect(read.unreadable).toEqual([]);
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

describe("readTransactionList", () => {
  const read = (items: unknown[]) => readTransactionList(transactionListEnvelopeSchema.parse(wire(page(items))));

  it("keeps every row it can read and sets apart the ones it cannot, naming each by its id and its wrong fields", () => {
    const broken = { ...item, id: "tx_broken", amount: "n/a", status: undefined };
    const result = read([item, broken, { ...item, id: "tx_3" }]);
    expect(result.items.map((row) => row.id)).toEqual([item.id, "tx_3"]);
    expect(result.unreadable).toEqual([{ id: "tx_broken", key: "tx_broken", fields: ["status", "amount"] }]);
    expect(result).toMatchObject({ total: 3, limit: 100, offset: 0 });
  });

  it("names a row without a usable id by a digest of its JSON, the same on every read", () => {
    const noId = { ...item, id: 42, amount: "1,000" };
    const [first, again] = [read([noId]).unreadable[0]!, read([noId]).unreadable[0]!];
    expect(first.id).toBeNull();
    expect(first.key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(again.key).toBe(first.key);
    expect(read([{ ...noId, amount: "2,000" }]).unreadable[0]!.key).not.toBe(first.key);
    expect(read([null, "text", [1]]).unreadable.map((row) => row.fields)).toEqual([["(row)"], ["(row)"], ["(row)"]]);
    // Not an id the console can name a row by or ask for: a dot segment, a broken string, spaces, too long.
    for (const id of ["..", "tx_\ud800", "tx 1", "x".repeat(201)]) {
      const unreadable = read([{ ...item, id, amount: "n/a" }]).unreadable[0]!;
      expect([unreadable.id, unreadable.key.startsWith("sha256:")]).toEqual([null, true]);
    }
  });

  it("never puts a value in what it says of a row: paths only", () => {
    const secretish = { ...item, id: "tx_4", platformOrderId: { card: "4111111111111111" } };
    expect(JSON.stringify(read([secretish]).unreadable)).not.toContain("4111");
  });
});
