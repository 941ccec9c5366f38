import "server-only";
import { encodeBlock, WIRE_BLOCK_ROWS, WIRE_LAYOUT, WIRE_LINE_BREAK } from "@/features/transactions/wire";
import type { TransactionRow } from "@/lib/transaction-row";
import { BLOCK_LINE_START, type EncodedRuns } from "./encoded-blocks";
import type { ChunkState } from "./sync";

/**
 * The JSON text of one `GET /api/transactions` answer (a TransactionChunkWire), in pieces the
 * answer streams (SerialisedJson): the head, then one block of WIRE_BLOCK_ROWS rows per piece,
 * made as the socket takes them. Each block starts on a line of its own (wire.ts,
 * WIRE_LINE_BREAK), so the browser reads it while the rest is on its way. The store's changes come
 * as runs of its log, each block's bytes kept or written from the columns (encoded-blocks.ts).
 */
export function* chunkBody(
  environment: "test" | "live",
  chunk: { rows: readonly TransactionRow[] | EncodedRuns; state: ChunkState },
): Generator<string | Uint8Array> {
  const { rows } = chunk;
  const head = JSON.stringify({ environment, ...chunk.state, layout: WIRE_LAYOUT });
  yield `${head.slice(0, -1)},"blocks":[`;
  if ("runs" in rows) {
    for (const [i, run] of rows.runs.entries()) {
      const line = rows.line(run);
      if (i > 0) yield line;
      else yield* [WIRE_LINE_BREAK, line.subarray(BLOCK_LINE_START.length)];
    }
    yield `${WIRE_LINE_BREAK}]}`;
    return;
  }
  for (let start = 0; start < rows.length; start += WIRE_BLOCK_ROWS) {
    const block = JSON.stringify(encodeBlock(rows.slice(start, start + WIRE_BLOCK_ROWS)));
    yield start === 0 ? `${WIRE_LINE_BREAK}${block}` : `${WIRE_LINE_BREAK},${block}`;
  }
  yield `${WIRE_LINE_BREAK}]}`;
}
