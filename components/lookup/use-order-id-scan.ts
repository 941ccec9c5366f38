"use client";

import { useMemo } from "react";
import { useTransactionFeed } from "@/components/transactions/use-transaction-feed";
import type { Environment } from "@/lib/rails";
import type { TransactionRow } from "@/lib/transactions/types";

/**
 * Step two: the value as a platformOrderId, searched in the shared list (the
 * API cannot look one up). Reuses the transactions page's feed, so a list
 * already loaded in this tab is searched at once; matching is exact, ignoring case.
 */
export function useOrderIdScan(mode: Environment, value: string, active: boolean) {
  const { snapshot, feed } = useTransactionFeed(mode, active);
  const needle = value.trim().toLowerCase();
  const matches = useMemo<TransactionRow[]>(
    () => (active && needle !== "" ? snapshot.rows.filter((p) => p.row.platformOrderId.toLowerCase() === needle).map((p) => p.row) : []),
    [active, needle, snapshot.rows],
  );
  return { matches, snapshot, feed };
}
