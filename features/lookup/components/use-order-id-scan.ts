"use client";

import { useEffect, useMemo } from "react";
import { transactionsWorker } from "@/features/transactions/worker-client";
import { useListLoading, useListState } from "@/features/transactions/use-transaction-list";
import type { Environment } from "@/lib/rails";
import type { TransactionRow } from "@/lib/transaction-row";
import { NOT_LOADED } from "@/features/transactions/worker-protocol";

/**
 * Step two: the value as a platformOrderId, searched in the shared list (the API cannot look
 * one up). The transactions page's worker does the scan, so a list already loaded in this tab
 * is searched at once; matching is exact, ignoring case, and follows the rows as they load.
 */
export function useOrderIdScan(mode: Environment, value: string, active: boolean) {
  const needle = value.trim().toLowerCase();
  useListLoading(mode, active);
  useEffect(() => {
    if (!active) return;
    const worker = transactionsWorker();
    worker.send({ kind: "find", mode, value: needle });
    return () => worker.send({ kind: "find", mode, value: "" });
  }, [mode, needle, active]);
  const state = useListState(mode);
  const found = state?.found;
  // null until the worker has searched for this value (its answer and `snapshot` come in one message).
  const matches: TransactionRow[] | null = active && needle !== "" && found?.value === needle ? found.rows : null;
  // Stable per mode, so a memoised consumer does not re-render on every worker message.
  const control = useMemo(
    () => ({
      start: () => transactionsWorker().send({ kind: "start", mode }),
      cancel: () => transactionsWorker().send({ kind: "cancel", mode }),
    }),
    [mode],
  );
  return { matches, snapshot: state?.feed ?? NOT_LOADED, control };
}
