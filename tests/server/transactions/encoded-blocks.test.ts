// The list's wire blocks kept as bytes for the next viewer (features/transactions/server/encoded-blocks.ts,
// docs/decisions/0154): an answer made from kept blocks must be exactly the answer made afresh, whatever
// changed in between (never a stale row), and the bytes kept stay within the budget.
import { describe, expect, it } from "vitest";
import type { TransactionRow } from "@/lib/transaction-row";
import { BLOCK_LINE_START, EncodedBlocks } from "@/features/transactions/server/encoded-blocks";
import { RowStore } from "@/features/transactions/server/row-store";
import { chunkBody } from "@/features/transactions/server/wire-body";
import { decodeChunk, type TransactionChunkWire, WIRE_BLOCK_ROWS } from "@/features/transactions/wire";
import { chunkState, tx } from "../../transactions/fixtures";

const decoder = new TextDecoder();
const bytesIn = (pieces: (string | Uint8Array)[]) => pieces.filter((piece): piece is Uint8Array => piece instanceof Uint8Array);
const textOf = (pieces: (string | Uint8Array)[]) =>
  pieces.map((piece) => (typeof piece === "string" ? piece : decoder.decode(piece))).join("");

const row = (i: number, fields: Partial<TransactionRow> = {}): TransactionRow =>
  tx({ id: `tx_${i}`, platformOrderId: `PO-${i}`, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(), ...fields });

/** One answer after `since` as the route makes it, its pieces and the rows the browser decodes. */
function answer(store: RowStore, blocks: EncodedBlocks, since = 0, limit = 1_000_000) {
  const { runs, version, more } = store.changeRuns(since, limit, WIRE_BLOCK_ROWS);
  const pieces = [...chunkBody("live", { rows: { runs, line: (run) => blocks.line(run) }, state: { ...chunkState, version, more } })];
  const items = decodeChunk(JSON.parse(textOf(pieces)) as TransactionChunkWire).items;
  return { pieces, items, version, more };
}

/** The same answer made from row objects, no bytes kept: what every answer must equal. */
const fresh = (store: RowStore, since = 0, limit = 1_000_000) => store.changesSince(since, limit);

describe("EncodedBlocks", () => {
  it("gives a second viewer the first viewer's bytes, and the same rows", () => {
    const store = new RowStore();
    store.merge(Array.from({ length: 3 * WIRE_BLOCK_ROWS + 7 }, (_, i) => row(i)));
    const blocks = new EncodedBlocks();
    const first = answer(store, blocks);
    const second = answer(store, blocks);
    expect(second.items).toEqual(fresh(store).items);
    // The same memory, not a copy (the first block's line is given without its comma).
    expect(bytesIn(second.pieces)).toHaveLength(4);
    bytesIn(second.pieces).forEach((piece, i) => expect(piece.buffer).toBe(bytesIn(first.pieces)[i]!.buffer));
    const sent = bytesIn(first.pieces).reduce((sum, piece) => sum + piece.byteLength, 0);
    expect(blocks.bytesHeld).toBe(sent + BLOCK_LINE_START.length);
  });

  it("never gives a block kept before one of its rows changed: the next viewer sees the row changed, once", () => {
    const store = new RowStore();
    store.merge(Array.from({ length: 2 * WIRE_BLOCK_ROWS }, (_, i) => row(i)));
    const blocks = new EncodedBlocks();
    answer(store, blocks);
    store.merge([row(5, { status: "failed", amount: "7.00" })]);
    const next = answer(store, blocks);
    expect(next.items).toEqual(fresh(store).items);
    expect(next.items.filter((item) => item.id === "tx_5")).toEqual([row(5, { status: "failed", amount: "7.00" })]);
    expect(next.items.at(-1)).toEqual(row(5, { status: "failed", amount: "7.00" }));
  });

  it("does not keep a block whose row changed between the answer's making and its writing", () => {
    const store = new RowStore();
    store.merge(Array.from({ length: 2 * WIRE_BLOCK_ROWS }, (_, i) => row(i)));
    const blocks = new EncodedBlocks();
    const { runs } = store.changeRuns(0, 1_000_000, WIRE_BLOCK_ROWS);
    store.merge([row(3, { status: "failed" })]);
    // Written after the change, the run's block carries the row as it is now; kept, it would not say which.
    blocks.line(runs[0]!);
    expect(blocks.bytesHeld).toBe(0);
    expect(answer(store, blocks).items).toEqual(fresh(store).items);
  });

  it("equals a fresh answer through random changes, new rows, compactions and answers after any version", () => {
    let seed = 7;
    // The LCG's high bits: its low bits repeat with a short period (the steps' kinds came in a fixed cycle).
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), Math.floor((seed / 2 ** 31) * n));
    const store = new RowStore();
    const blocks = new EncodedBlocks();
    let rows = 0;
    const statuses = ["pending", "success", "failed"] as const;
    const layouts = new Set<number>();
    for (let step = 0; step < 300; step++) {
      const kind = random(4);
      if (kind === 0 || rows === 0) {
        const added = 1 + random(300);
        store.merge(Array.from({ length: added }, (_, i) => row(rows + i)));
        rows += added;
      } else if (kind === 1) {
        // Many changes at once: the log outgrows twice the rows and is compacted now and then.
        store.merge(
          Array.from({ length: 1 + random(600) }, () => row(random(rows), { status: statuses[random(3)]!, amount: `${random(999)}.00` })),
        );
        layouts.add(store.changeRuns(0, 1, WIRE_BLOCK_ROWS).runs[0]!.layout);
      } else {
        const since = kind === 2 ? 0 : random(store.version + 1);
        const limit = random(3) === 0 ? 1 + random(2_000) : 1_000_000;
        const made = answer(store, blocks, since, limit);
        const expected = fresh(store, since, limit);
        expect(made.items).toEqual(expected.items);
        expect([made.version, made.more]).toEqual([expected.version, expected.more]);
      }
    }
    expect(rows).toBeGreaterThan(5_000);
    expect(layouts.size).toBeGreaterThan(1);
  });

  it("keeps no more than its budget: blocks past it are encoded for each answer", () => {
    const store = new RowStore();
    store.merge(Array.from({ length: 6 * WIRE_BLOCK_ROWS }, (_, i) => row(i)));
    const budget = 100_000;
    const blocks = new EncodedBlocks(budget);
    const first = bytesIn(answer(store, blocks).pieces);
    const second = bytesIn(answer(store, blocks).pieces);
    expect(blocks.bytesHeld).toBeGreaterThan(0);
    expect(blocks.bytesHeld).toBeLessThanOrEqual(budget);
    const kept = second.filter((piece, i) => piece.buffer === first[i]!.buffer).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(second.length);
    expect(answer(store, blocks).items).toEqual(fresh(store).items);
  });

  it("keeps nothing of another store's log, whose runs have the same indices", () => {
    const blocks = new EncodedBlocks();
    const one = new RowStore();
    one.merge(Array.from({ length: WIRE_BLOCK_ROWS }, (_, i) => row(i)));
    answer(one, blocks);
    const other = new RowStore();
    other.merge(Array.from({ length: WIRE_BLOCK_ROWS }, (_, i) => row(i, { amount: "1.00" })));
    expect(answer(other, blocks).items).toEqual(fresh(other).items);
  });
});
