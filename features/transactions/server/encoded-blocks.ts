import "server-only";
import { WIRE_LINE_BREAK } from "@/features/transactions/wire";
import type { ChangeRun } from "./row-store";

/** The store's changes as runs of its log (row-store.ts `changeRuns`), and each run's line of the answer. */
export type EncodedRuns = { runs: readonly ChangeRun[]; line: (run: ChangeRun) => Uint8Array };

/** Every block's line after the answer's first starts with this (wire.ts); the first block's drops the comma. */
export const BLOCK_LINE_START = `${WIRE_LINE_BREAK},`;

/**
 * What an environment's encoded blocks may hold (docs/decisions/0154): every block of a
 * 100,000-row list (~11 MB), the first ~140,000 rows of a larger one. Blocks past it are
 * encoded for each answer, as before.
 */
const BUDGET_BYTES = 16 * 1024 * 1024;

const encoder = new TextEncoder();

/**
 * The list's wire blocks as bytes (each its line of an answer), kept for the next viewer's answer,
 * which is the same runs of the change log each time (row-store.ts `changeRuns`). A block is given
 * again only while its run holds the same rows (decision 0154); otherwise it is written afresh.
 */
export class EncodedBlocks {
  private readonly held = new Map<number, { end: number; count: number; bytes: Uint8Array }>();
  private layout = 0;
  private size = 0;

  constructor(private readonly budget = BUDGET_BYTES) {}

  /** @internal */
  get bytesHeld(): number {
    return this.size;
  }

  line(run: ChangeRun): Uint8Array {
    if (run.layout !== this.layout) {
      // An answer made before the log's last compaction: its blocks are sent, not kept.
      if (run.layout < this.layout) return encoder.encode(BLOCK_LINE_START + run.block());
      this.held.clear();
      this.size = 0;
      this.layout = run.layout;
    }
    const current = run.current();
    const held = this.held.get(run.start);
    if (held && held.end === run.end && held.count === current) return held.bytes;
    if (held) {
      this.held.delete(run.start);
      this.size -= held.bytes.byteLength;
    }
    const bytes = encoder.encode(BLOCK_LINE_START + run.block());
    if (run.onBoundary && current === run.count && this.size + bytes.byteLength <= this.budget) {
      this.held.set(run.start, { end: run.end, count: current, bytes });
      this.size += bytes.byteLength;
    }
    return bytes;
  }
}
