import { describe, expect, it } from "vitest";
import { chunkState, tx } from "./fixtures";
import { TRANSACTION_FIELDS } from "@/lib/transaction-row";
import { decodeChunk, fromWireRow, toWireRow, WIRE_FIELDS, type TransactionChunkWire } from "@/features/transactions/wire";

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
];

const state = { environment: "live", ...chunkState } as const;

describe("the transactions wire format", () => {
  it("round-trips every field of every row, nulls and decimal strings as given", () => {
    const rows = sampleRows();
    for (const row of rows) expect(fromWireRow(JSON.parse(JSON.stringify(toWireRow(row))))).toEqual(row);
    // Every field of the row is in the tuple, in WIRE_FIELDS order.
    const row = rows[0]!;
    expect(toWireRow(row)).toEqual(TRANSACTION_FIELDS.map((field) => row[field]));
  });

  it("decodes a chunk to row objects and keeps its state", () => {
    const rows = sampleRows().slice(0, 3);
    const decoded = decodeChunk({ ...state, fields: WIRE_FIELDS, rows: rows.map(toWireRow) });
    expect(decoded.items).toEqual(rows);
    expect(decoded).toMatchObject({ epoch: "e1", version: 3, complete: true });
    expect("rows" in decoded || "fields" in decoded).toBe(false);
  });

  it("refuses a chunk whose columns are in another order", () => {
    const swapped = [...WIRE_FIELDS];
    [swapped[3], swapped[4]] = [swapped[4]!, swapped[3]!];
    const wire: TransactionChunkWire = { ...state, fields: swapped, rows: [] };
    expect(() => decodeChunk(wire)).toThrow(/column layout/);
  });
});
