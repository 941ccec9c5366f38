import { describe, expect, it } from "vitest";
import { chunkState, tx } from "./fixtures";
import {
  checkBlock,
  decodeBlock,
  decodeChunk,
  encodeBlock,
  instantOf,
  type TransactionChunkWire,
  WIRE_LAYOUT,
  type WireBlock,
} from "@/features/transactions/wire";

const sampleRows = () => [
  tx(),
  tx({
    type: "payout",
    status: "pending",
    amount: "-0.000001",
    currency: "NGN",
    rail: "nigeria",
    railLabel: "Nigeria",
    platformOrderId: "=cmd|' /C calc'!A0",
  }),
  tx({
    status: "failed",
    paidAmount: "12.34",
    completedAt: "2025-03-11T00:00:00.000Z",
    rail: "unknown",
    railLabel: 'Unknown "rail", naïve ₦',
  }),
  tx({ rail: "internal", railLabel: "Internal", amount: "123456789012345678901234567890.123456789" }),
  // Instants in other forms than toISOString's: each row reads back exactly what the API wrote.
  tx({ createdAt: "2025-03-10T13:00:00+01:00", completedAt: "2025-03-10T12:00:00Z" }),
  tx({ createdAt: "2025-03-10T12:00:00.123456Z", completedAt: "not a date" }),
];

const state = { environment: "live", ...chunkState } as const;
const roundTrip = (block: WireBlock) => JSON.parse(JSON.stringify(block)) as WireBlock;

describe("the transactions wire format", () => {
  it("round-trips every field of every row through JSON, nulls, decimal strings and instants' text as given", () => {
    const rows = sampleRows();
    expect(decodeBlock(roundTrip(encodeBlock(rows)))).toEqual(rows);
  });

  it("sends coded columns once per block, instants as epoch ms, and text only where ms cannot say it", () => {
    const block = encodeBlock(sampleRows());
    expect(block.dict.status).toEqual(["success", "pending", "failed"]);
    expect(block.status).toEqual([0, 1, 2, 0, 0, 0]);
    expect(block.createdAt[0]).toBe(Date.parse("2025-03-10T12:00:00.000Z"));
    expect(block.completedAt.slice(0, 3)).toEqual([null, null, Date.parse("2025-03-11T00:00:00.000Z")]);
    expect(block.text).toEqual([
      ["createdAt", 4, "2025-03-10T13:00:00+01:00"],
      ["completedAt", 4, "2025-03-10T12:00:00Z"],
      ["createdAt", 5, "2025-03-10T12:00:00.123456Z"],
      ["completedAt", 5, "not a date"],
    ]);
    // Not a date: no instant to sort by, the text kept.
    expect(block.completedAt[5]).toBeNull();
    expect(instantOf("2025-03-10T12:00:00.000Z")).toEqual({ ms: Date.parse("2025-03-10T12:00:00.000Z"), text: null });
  });

  it("decodes a chunk to row objects and keeps its state", () => {
    const rows = sampleRows();
    const decoded = decodeChunk({ ...state, layout: WIRE_LAYOUT, blocks: [encodeBlock(rows.slice(0, 2)), encodeBlock(rows.slice(2))] });
    expect(decoded.items).toEqual(rows);
    expect(decoded).toMatchObject({ epoch: "e1", version: 3, complete: true });
    expect("blocks" in decoded || "layout" in decoded).toBe(false);
  });

  it("refuses a chunk of another layout", () => {
    const wire: TransactionChunkWire = { ...state, layout: "rows/1", blocks: [] };
    expect(() => decodeChunk(wire)).toThrow(/unexpected layout/);
  });

  const damaged: [string, (block: WireBlock) => void][] = [
    ["a column shorter than n", (b) => void b.amount.pop()],
    ["a code outside its dictionary", (b) => void (b.currency[0] = 9)],
    ["a status the console does not know", (b) => void (b.dict.status[0] = "refunded")],
    ["an amount that is a number", (b) => void ((b.amount as unknown[])[0] = 100)],
    ["an instant that is text", (b) => void ((b.createdAt as unknown[])[0] = "2025-03-10")],
    ["a missing creation time", (b) => void (b.createdAt[0] = null)],
    ["an instant's text for a row past n", (b) => void b.text.push(["createdAt", 99, "x"])],
    ["no dictionaries", (b) => void delete (b as Partial<WireBlock>).dict],
  ];
  for (const [what, damage] of damaged) {
    it(`refuses a block with ${what}`, () => {
      const block = roundTrip(encodeBlock(sampleRows().slice(0, 3)));
      damage(block);
      expect(() => decodeBlock(block)).toThrow(/unexpected layout/);
    });
  }

  it("accepts an empty block and a block checked twice", () => {
    const block = encodeBlock([]);
    expect(decodeBlock(block)).toEqual([]);
    expect(() => checkBlock(block)).not.toThrow();
  });
});
