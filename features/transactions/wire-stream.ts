// Reads a `GET /api/transactions` answer as it arrives: each block (wire.ts, one per line) is parsed
// and checked when its line break comes in. At 100,000 rows that work runs while the BFF is still
// sending instead of after the last byte, and the whole answer's text is never held. The blocks go
// into the worker's column store as they are (columns.ts): no row object per row. An answer without
// line breaks is read as one JSON text. Browser-safe.
import { checkOnce } from "./columns";
import { checkLayout, encodeBlock, type TransactionChunkWire, WIRE_BLOCK_ROWS, WIRE_LINE_BREAK, type WireBlock, withItems } from "./wire";
import type { TransactionChunkResponse } from "@/lib/transaction-row";

/** A chunk answer with its rows as checked blocks, ready for the column store. */
export type BlockChunk = Omit<TransactionChunkResponse, "items"> & { blocks: readonly WireBlock[] };

function blockChunk(wire: TransactionChunkWire, blocks: WireBlock[]): BlockChunk {
  const { items: _items, ...chunk } = withItems(wire, []);
  return { ...chunk, blocks };
}

/** Rows already objects (the server-rendered seed) in the same form, through the reference encoder. */
export function blocksOfChunk({ items, ...chunk }: TransactionChunkResponse): BlockChunk {
  const blocks: WireBlock[] = [];
  for (let at = 0; at < items.length; at += WIRE_BLOCK_ROWS) blocks.push(encodeBlock(items.slice(at, at + WIRE_BLOCK_ROWS)));
  return { ...chunk, blocks };
}

/** Text in, in any slices; `finish` gives the chunk the whole text describes, its blocks checked. */
export class ChunkTextReader {
  /** Text after the last line break seen. */
  private rest = "";
  /** The first line: the chunk's fields up to `"blocks":[`. */
  private head: string | null = null;
  private readonly blocks: WireBlock[] = [];
  private rows = 0;

  /** Rows read so far. */
  get rowsRead(): number {
    return this.rows;
  }

  push(text: string): void {
    const end = text.lastIndexOf(WIRE_LINE_BREAK);
    if (end < 0) {
      this.rest += text;
      return;
    }
    const lines = (this.rest + text.slice(0, end)).split(WIRE_LINE_BREAK);
    this.rest = text.slice(end + 1);
    for (const line of lines) this.line(line);
  }

  finish(): BlockChunk {
    if (this.head === null) return this.whole();
    // The last line closes the blocks and the object: with the head, the chunk's state and no blocks.
    return blockChunk(JSON.parse(this.head + this.rest) as TransactionChunkWire, this.blocks);
  }

  /** An answer without line breaks: the one JSON text. */
  private whole(): BlockChunk {
    const wire = JSON.parse(this.rest) as TransactionChunkWire;
    checkLayout(wire.layout);
    for (const block of wire.blocks) checkOnce(block);
    return blockChunk(wire, wire.blocks);
  }

  private line(line: string): void {
    if (this.head === null) {
      // Checked before any block is read: blocks of another layout are never read as ours.
      checkLayout((JSON.parse(`${line}]}`) as TransactionChunkWire).layout);
      this.head = line;
      return;
    }
    const block = JSON.parse(line.startsWith(",") ? line.slice(1) : line) as WireBlock;
    checkOnce(block);
    this.blocks.push(block);
    this.rows += block.n;
  }
}

/** The answer's body, read line by line as the bytes arrive. */
export async function readChunkAnswer(response: Response): Promise<BlockChunk> {
  const reader = new ChunkTextReader();
  const decoder = new TextDecoder();
  if (response.body === null) return reader.finish();
  const bytes = response.body.getReader();
  for (;;) {
    const { done, value } = await bytes.read();
    if (done) break;
    reader.push(decoder.decode(value, { stream: true }));
  }
  reader.push(decoder.decode());
  return reader.finish();
}
