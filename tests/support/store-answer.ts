// A row store's answer after `since`, as GET /api/transactions writes it: the store's runs, each
// block's bytes through EncodedBlocks (the route's path), joined back into text.
import { EncodedBlocks } from "@/features/transactions/server/encoded-blocks";
import type { RowStore } from "@/features/transactions/server/row-store";
import { chunkBody } from "@/features/transactions/server/wire-body";
import { WIRE_BLOCK_ROWS } from "@/features/transactions/wire";
import { chunkState } from "../transactions/fixtures";

export function storeAnswerText(store: RowStore, since: number, limit: number): string {
  const { runs, version, more } = store.changeRuns(since, limit, WIRE_BLOCK_ROWS);
  const blocks = new EncodedBlocks();
  const pieces = chunkBody("live", { rows: { runs, line: (run) => blocks.line(run) }, state: { ...chunkState, version, more } });
  const decoder = new TextDecoder();
  return [...pieces].map((piece) => (typeof piece === "string" ? piece : decoder.decode(piece))).join("");
}
