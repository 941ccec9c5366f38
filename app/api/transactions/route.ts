import { z } from "zod";
import { withSession } from "@/lib/server/bff";
import { transactionsFor } from "@/lib/server/transactions/registry";
import type { TransactionChunkResponse } from "@/lib/transactions/types";

// The browser's view of the shared list: rows changed after `since`, as soon
// as they exist. While the upstream load runs and nothing new is there yet,
// the request waits (long poll) instead of the browser polling on a timer.
const input = z.object({
  since: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(10_000).default(5_000),
  refresh: z.literal("1").optional(),
});

const LONG_POLL_MS = 15_000;
/** A tab opening the page (since=0) gets a list at most this old: the same staleness as the app's queries. */
const FRESH_FOR_NEW_VIEW_MS = 30_000;

export const GET = withSession(
  async ({ input: { since, limit, refresh }, session, request }): Promise<TransactionChunkResponse> => {
    const sync = transactionsFor(session.mode);
    if (refresh) sync.refresh();
    else if (since === 0) sync.refresh(FRESH_FOR_NEW_VIEW_MS);
    else sync.ensureLoaded();
    await sync.waitForChange(since, LONG_POLL_MS, request.signal);
    return { environment: session.mode, ...sync.chunk(since, limit) };
  },
  { permission: "transactions:read", input },
);
