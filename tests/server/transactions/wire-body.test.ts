// The transactions chunk answer is built in pieces (features/transactions/server/wire-body.ts):
// joined, they must be exactly the one JSON text the browser's decodeChunk reads, whatever
// the number of rows, and no piece may carry more than one block of WIRE_BLOCK_ROWS rows.
import { describe, expect, it } from "vitest";
import { chunkBody } from "@/features/transactions/server/wire-body";
import type { ChunkState } from "@/features/transactions/server/sync";
import { decodeChunk, type TransactionChunkWire, WIRE_BLOCK_ROWS, type WireBlock } from "@/features/transactions/wire";
import { chunkState, tx } from "../../transactions/fixtures";

const state: ChunkState = { ...chunkState, version: 7, syncedAt: "2026-11-26T00:00:00.000Z" };

const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, i) => tx({ id: `tx_${i}`, platformOrderId: i % 7 ? `ORD-${i}` : `a "quoted", \\ ref ${i}` }));

describe("chunkBody", () => {
  for (const count of [0, 1, WIRE_BLOCK_ROWS - 1, WIRE_BLOCK_ROWS, WIRE_BLOCK_ROWS + 1, 3 * WIRE_BLOCK_ROWS + 5]) {
    it(`joins into the whole answer for ${count} rows, in ${WIRE_BLOCK_ROWS}-row pieces`, () => {
      const rows = rowsOf(count);
      const pieces = [...chunkBody("live", { rows: rows, state })];
      // The head, one piece per WIRE_BLOCK_ROWS rows (the last may be shorter), the tail.
      expect(pieces).toHaveLength(2 + Math.ceil(count / WIRE_BLOCK_ROWS));
      const wire = JSON.parse(pieces.join("")) as TransactionChunkWire;
      expect(wire).toMatchObject({ environment: "live", ...state });
      expect(decodeChunk(wire).items).toEqual(rows);
    });
  }

  it("builds each piece only when it is asked for", () => {
    const pieces = chunkBody("test", { rows: rowsOf(2 * WIRE_BLOCK_ROWS), state });
    expect(pieces.next().value).toMatch(/^\{"environment":"test",.*"layout":"columns\/1","blocks":\[$/);
    const first = pieces.next().value as string;
    expect((JSON.parse(first) as WireBlock).n).toBe(WIRE_BLOCK_ROWS);
  });
});
