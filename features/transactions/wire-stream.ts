// Reads a `GET /api/transactions` answer as it arrives: each block (wire.ts, one per line) is parsed,
// decoded and prepared (prepared.ts) when its line break comes in. At 100,000 rows that work runs
// while the BFF is still sending instead of after the last byte, and the whole answer's text is
// never held. An answer without line breaks is read as one JSON text. Browser-safe.
import { type PreparedChunk, type PreparedRow, prepareChunk, prepareRow } from "./prepared";
import { checkLayout, decodeBlock, decodeChunk, type TransactionChunkWire, WIRE_LINE_BREAK, type WireBlock, withItems } from "./wire";

/** Text in, in any slices; `finish` gives the chunk the whole text describes, its rows prepared. */
export class ChunkTextReader {
  /** Text after the last line break seen. */
  private rest = "";
  /** The first line: the chunk's fields up to `"blocks":[`. */
  private head: string | null = null;
  private readonly items: PreparedRow[] = [];

  /** Rows decoded so far. */
  get rowsRead(): number {
    return this.items.length;
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

  finish(): PreparedChunk {
    if (this.head === null) return this.whole();
    // The last line closes the blocks and the object: with the head, the chunk's state and no blocks.
    return withItems(JSON.parse(this.head + this.rest) as TransactionChunkWire, this.items);
  }

  /** An answer without line breaks: the one JSON text, read as the rest of the app reads it. */
  private whole(): PreparedChunk {
    return prepareChunk(decodeChunk(JSON.parse(this.rest) as TransactionChunkWire));
  }

  private line(line: string): void {
    if (this.head === null) {
      // Checked before any block is read: blocks of another layout are never read as ours.
      checkLayout((JSON.parse(`${line}]}`) as TransactionChunkWire).layout);
      this.head = line;
      return;
    }
    const block = JSON.parse(line.startsWith(",") ? line.slice(1) : line) as WireBlock;
    for (const row of decodeBlock(block)) this.items.push(prepareRow(row));
  }
}

/** The answer's body, read line by line as the bytes arrive. */
export async function readChunkAnswer(response: Response): Promise<PreparedChunk> {
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
