// The worker reads a transactions answer as it streams (features/transactions/wire-stream.ts). However
// the bytes are cut, it must give exactly the chunk the whole text describes, decode rows before
// the last byte, and refuse what is not our layout instead of mixing up fields or dropping rows.
import { describe, expect, it } from "vitest";
import { chunkBody } from "@/features/transactions/server/wire-body";
import type { ChunkState } from "@/features/transactions/server/sync";
import { encodeBlock, type TransactionChunkWire, WIRE_BLOCK_ROWS, WIRE_LAYOUT } from "@/features/transactions/wire";
import { type BlockChunk, ChunkTextReader, readChunkAnswer } from "@/features/transactions/wire-stream";
import { ColumnStore } from "@/features/transactions/columns";
import { chunkState, tx } from "./fixtures";

const state: ChunkState = { ...chunkState, version: 9, syncedAt: "2026-11-26T00:00:00.000Z" };

const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    tx({
      id: `tx_${i}`,
      platformOrderId: i % 5 ? `ORD-${i}` : `line\nbreak "q", \\ ${i} ]},[`,
      railLabel: i % 3 ? "Nigeria" : "naïve ₦ 🇳🇬",
    }),
  );

/** The chunk's blocks in a column store, as the worker's feed takes them. */
function stored(chunk: BlockChunk): ColumnStore {
  const store = new ColumnStore();
  for (const block of chunk.blocks) store.ingest(block);
  return store;
}
const rowsIn = (store: ColumnStore) => Array.from({ length: store.size }, (_, slot) => store.row(slot));

const bodyOf = (rows: ReturnType<typeof rowsOf>) => [...chunkBody("live", { rows, state })].join("");

/** `text` as UTF-8 bytes in slices of `size`, so multi-byte characters are cut too. */
function responseOf(text: string, size: number): Response {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += size)));
    },
  });
  return new Response(body);
}

describe("readChunkAnswer", () => {
  const rows = rowsOf(2 * WIRE_BLOCK_ROWS + 3);
  const body = bodyOf(rows);

  for (const size of [1, 7, 1000, 65_536, body.length]) {
    it(`gives the whole chunk from bytes in slices of ${size}`, async () => {
      const chunk = await readChunkAnswer(responseOf(body, size));
      const store = stored(chunk);
      expect(rowsIn(store)).toEqual(rows);
      // Into columns as they are: the keys the view sorts and filters by are there.
      expect(store.createdAt[1]).toBe(Date.parse(rows[1]!.createdAt));
      expect(store.amountOrderKeys()[1]).toBe(100);
      expect(chunk).toMatchObject({ environment: "live", ...state });
      expect("items" in chunk || "layout" in chunk).toBe(false);
    });
  }

  it("reads an empty list", async () => {
    const chunk = await readChunkAnswer(responseOf(bodyOf([]), 5));
    expect(stored(chunk).size).toBe(0);
    expect(chunk.version).toBe(9);
  });

  it("reads an answer with no line breaks as one JSON text", async () => {
    const small = rowsOf(3);
    const wire: TransactionChunkWire = { environment: "test", ...state, layout: WIRE_LAYOUT, blocks: [encodeBlock(small)] };
    const chunk = await readChunkAnswer(responseOf(JSON.stringify(wire), 10));
    expect(rowsIn(stored(chunk))).toEqual(small);
    expect(chunk.environment).toBe("test");
  });
});

describe("ChunkTextReader", () => {
  it("decodes each block when its line break arrives, before the end of the answer", () => {
    const body = bodyOf(rowsOf(3 * WIRE_BLOCK_ROWS));
    const lines = body.split("\n");
    const reader = new ChunkTextReader();
    reader.push(`${lines[0]}\n${lines[1]}\n${lines[2]!.slice(0, 50)}`);
    expect(reader.rowsRead).toBe(WIRE_BLOCK_ROWS);
    reader.push(`${lines[2]!.slice(50)}\n`);
    expect(reader.rowsRead).toBe(2 * WIRE_BLOCK_ROWS);
  });

  it("refuses another layout at the head, before any block is read", () => {
    const body = bodyOf(rowsOf(2)).replace(`"layout":"${WIRE_LAYOUT}"`, '"layout":"rows/1"');
    const reader = new ChunkTextReader();
    expect(() => reader.push(body)).toThrow(/unexpected layout/);
    expect(reader.rowsRead).toBe(0);
  });

  it("refuses a block whose columns disagree, instead of reading rows with fields mixed up", () => {
    const lines = bodyOf(rowsOf(3)).split("\n");
    const block = JSON.parse(lines[1]!) as { amount: string[] };
    block.amount.pop();
    expect(() => new ChunkTextReader().push(`${lines[0]}\n${JSON.stringify(block)}\n`)).toThrow(/unexpected layout/);
  });

  it("fails on a cut-off answer instead of returning the rows it got", () => {
    const body = bodyOf(rowsOf(WIRE_BLOCK_ROWS + 1));
    const reader = new ChunkTextReader();
    reader.push(body.slice(0, body.lastIndexOf("\n")));
    expect(() => reader.finish()).toThrow(SyntaxError);
  });

  it("fails on a damaged block", () => {
    const body = bodyOf(rowsOf(4)).replace('"tx_2"', '"tx_2');
    expect(() => new ChunkTextReader().push(body)).toThrow(SyntaxError);
  });
});
