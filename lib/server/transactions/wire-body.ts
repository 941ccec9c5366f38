import "server-only";
import { WIRE_FIELDS } from "@/lib/transactions/wire";
import type { ChunkState } from "./sync";

/**
 * The JSON text of one `GET /api/transactions` answer (a TransactionChunkWire). The rows
 * arrive already serialised (row-store.ts keeps each row's JSON), so building the answer
 * is a join, not a JSON.stringify of thousands of objects per tab.
 */
export function chunkBody(environment: "test" | "live", chunk: { rows: string[]; state: ChunkState }): string {
  const head = JSON.stringify({ environment, ...chunk.state, fields: WIRE_FIELDS });
  return `${head.slice(0, -1)},"rows":[${chunk.rows.join(",")}]}`;
}
