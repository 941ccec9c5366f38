import { transactionChunkContract } from "@/features/transactions/contracts";
import { SerialisedJson, withSession } from "@/lib/server/bff";
import { FRESH_FOR_NEW_VIEW_MS, transactionsFor } from "@/features/transactions/server/registry";
import { chunkBody } from "@/features/transactions/server/wire-body";
import type { TransactionChunkWire } from "@/features/transactions/wire";

// The browser's view of the shared list: rows changed after `since`, as soon
// as they exist, in the compact wire format (features/transactions/wire.ts). While
// the upstream load runs and nothing new is there yet, the request waits (long
// poll) instead of the browser polling on a timer.

const LONG_POLL_MS = 15_000;
/**
 * After the first answer, a change smaller than `limit` rows waits up to this long for
 * more while the upstream load runs: a 100,000-row load reaches a tab in a few dozen
 * answers instead of a thousand. The first answer (since=0) never waits: first rows first.
 */
const BATCH_SETTLE_MS = 250;

export const GET = withSession(
  transactionChunkContract,
  async ({ input: { since, limit, refresh }, session, request }) => {
    const sync = transactionsFor(session.mode);
    if (refresh) sync.refresh();
    else if (since === 0) sync.refresh(FRESH_FOR_NEW_VIEW_MS);
    else sync.ensureLoaded();
    await sync.waitForChange(since, LONG_POLL_MS, request.signal, since === 0 ? undefined : { rows: limit, settleMs: BATCH_SETTLE_MS });
    // Blocks written from the store's columns, or their bytes kept from an earlier answer (encoded-blocks.ts).
    return new SerialisedJson<TransactionChunkWire>(chunkBody(session.mode, sync.wireChunk(since, limit)));
  },
  { permission: "transactions:read" },
);
