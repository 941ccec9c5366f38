"use client";

import { focusManager } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { Environment } from "@/lib/rails";
import { type FeedSnapshot, seededSnapshot, TransactionFeed } from "@/lib/transactions/feed";
import type { TransactionChunkResponse } from "@/lib/transactions/types";
import { fetchTransactionChunk } from "./transactions-queries";

/** Same rule as the app's queries (lib/query-client.ts): data older than this refreshes on refocus. */
const STALE_AFTER_MS = 30_000;
/** While rows stream in, the screen re-sorts and re-totals at most this often (feed.ts explains why). */
const PUBLISH_EVERY_MS = 500;

// One feed per mode for the life of the tab, so leaving /transactions and
// coming back (or opening /lookup) reuses the rows instead of loading again.
const feeds = new Map<Environment, TransactionFeed>();

function feedFor(mode: Environment): TransactionFeed {
  let feed = feeds.get(mode);
  if (!feed) feeds.set(mode, (feed = new TransactionFeed(fetchTransactionChunk, Date.now, { publishEveryMs: PUBLISH_EVERY_MS })));
  return feed;
}

export type TransactionFeedHandle = { snapshot: FeedSnapshot; feed: TransactionFeed };

/**
 * `enabled: false` reads what the tab already holds without starting a load (the lookup
 * before it needs a scan). `firstRows`: the rows the server rendered the page with.
 */
export function useTransactionFeed(
  mode: Environment,
  enabled = true,
  firstRows: TransactionChunkResponse | null = null,
): TransactionFeedHandle {
  const feed = feedFor(mode);
  const seed = firstRows?.environment === mode ? firstRows : null;
  // The tab's feed starts from them; on the server, where module state is shared by every request, nothing is kept.
  if (seed && typeof window !== "undefined") feed.seed(seed);
  // In the browser the tab's feed, just seeded with the same rows, is what the server rendered:
  // handing React that very object lets hydration end without a forced second render of the screen.
  const [serverSnapshot] = useState(() => (seed && typeof window === "undefined" ? seededSnapshot(seed) : feed.getSnapshot()));
  const snapshot = useSyncExternalStore(feed.subscribe, feed.getSnapshot, () => serverSnapshot);

  useEffect(() => {
    if (!enabled) return;
    // In a task of its own: sending the first request would otherwise lengthen the long task that hydrates the page.
    const timer = setTimeout(() => {
      const { status } = feed.getSnapshot();
      if (status === "idle" || status === "error") void feed.start();
      else if (status === "ready" && feed.isStale(STALE_AFTER_MS)) void feed.refresh();
    }, 0);
    // Same trigger TanStack Query uses for refetchOnWindowFocus.
    const unsubscribe = focusManager.subscribe((focused) => {
      if (focused && feed.getSnapshot().status === "ready" && feed.isStale(STALE_AFTER_MS)) void feed.refresh();
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [feed, enabled]);

  return { snapshot, feed };
}
