"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AsOf } from "@/components/ui/as-of";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import type { TransactionRow } from "@/lib/transaction-row";
import { TransactionRowsTable, type ExtraColumn } from "./components/transaction-rows-table";

type Props<R extends TransactionRow> = {
  query: UseQueryResult<{ items: R[]; asOf: string }>;
  /** "inbound credits", "recent payouts": for the loading and error wording. */
  what: string;
  /** Shown when the list is empty. */
  empty: ReactNode;
  /** Above the table, once there are rows. */
  intro?: ReactNode;
  /** Below the table, once there are rows. */
  outro?: ReactNode;
  caption: string;
  linkOf: (row: R) => string;
  extra?: ExtraColumn<R>;
};

/** A short list of transaction rows in its four states: loading, failed (with a retry), empty, and the table with its time. */
export function TransactionRowsPanel<R extends TransactionRow>({ query, what, empty, intro, outro, caption, linkOf, extra }: Props<R>) {
  if (query.isPending)
    return (
      <div aria-busy="true">
        <span className="sr-only">Loading {what}</span>
        <Skeleton className="h-16 w-full" />
      </div>
    );
  if (query.isError)
    return <ErrorState title={`The ${what} could not be loaded.`} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return <>{empty}</>;
  return (
    <>
      {intro}
      <TransactionRowsTable rows={query.data.items} caption={caption} linkOf={linkOf} extra={extra} />
      <AsOf iso={query.data.asOf} className="mt-2" />
      {outro}
    </>
  );
}
