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
 * The bytes of the list's wire blocks (each as its line of an answer: BLOCK_LINE_START, then the
 * block's JSON), kept so a new viewer's answer (the same runs of the change log each time,
 * row-store.ts `changeRuns`) is not written again. A block is kept under its run's
 * start and given again only while the run holds the same rows: same layout, same end, and the
 * same number of entries still current (they only ever stop being current). A run whose rows
 * changed after its answer was made is encoded and sent, not kept. Blocks are admitted while the
 * budget allows, first come; a block replaced or a compaction frees its bytes.
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
