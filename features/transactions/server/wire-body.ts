import "server-only";
import { WIRE_FIELDS, WIRE_LINE_BREAK } from "@/features/transactions/wire";
import type { ChunkState } from "./sync";

/**
 * Rows per piece of an answer: ~45 KB of JSON, small enough for V8's young generation (bff.ts says why).
 * @internal
 */
export const ROWS_PER_PIECE = 256;

/**
 * The JSON text of one `GET /api/transactions` answer (a TransactionChunkWire), in pieces the
 * answer streams (SerialisedJson). The rows arrive already serialised (row-store.ts keeps each
 * row's JSON), so building the answer is a join, not a JSON.stringify of thousands of objects
 * per tab; it is joined a piece at a time, as the socket takes them. Each piece starts on a line
 * of its own (wire.ts, WIRE_LINE_BREAK), so the browser parses it while the rest is on its way.
 */
export function* chunkBody(environment: "test" | "live", chunk: { rows: string[]; state: ChunkState }): Generator<string> {
  const head = JSON.stringify({ environment, ...chunk.state, fields: WIRE_FIELDS });
  yield `${head.slice(0, -1)},"rows":[`;
  for (let start = 0; start < chunk.rows.length; start += ROWS_PER_PIECE) {
    const piece = chunk.rows.slice(start, start + ROWS_PER_PIECE).join(",");
    yield start === 0 ? `${WIRE_LINE_BREAK}${piece}` : `${WIRE_LINE_BREAK},${piece}`;
  }
  yield `${WIRE_LINE_BREAK}]}`;
}
