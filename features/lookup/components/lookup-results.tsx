"use client";

import Link from "next/link";
import { preloadModeConfirm, useConfirmedModeSwitch } from "@/components/session/use-confirmed-mode-switch";
import { useSession } from "@/components/session/use-session";
import { TransactionFields } from "@/features/transactions/transaction-fields";
import { unreadableCount } from "@/features/transactions/unreadable-notice";
import { Button } from "@/components/ui/button";
import type { TransactionRow } from "@/lib/transaction-row";

export function MatchList({ title, rows }: { title: string; rows: readonly TransactionRow[] }) {
  return (
    <section aria-label={title} className="space-y-3" data-testid="lookup-matches">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {rows.map((row) => (
        <article key={row.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="lookup-match" data-id={row.id}>
          <TransactionFields row={row} />
          <Link href={`/transactions/${encodeURIComponent(row.id)}`} className="mt-2 inline-block text-sm text-indigo-800 underline">
            Open {row.id}
          </Link>
        </article>
      ))}
    </section>
  );
}

/**
 * Nothing in this mode: test and live are separate lists (§1 rule 2), so the other mode is the next
 * place to look. Going there is a mode switch like the header's, so going live asks first.
 * The value is whatever was searched (200 characters, a pasted link): it wraps anywhere at 360 px,
 * and sits in a <bdi> so a right-to-left character in it cannot reorder the sentence around it.
 */
export function NoMatch({ value, unreadable }: { value: string; unreadable: number }) {
  const { mode, modes } = useSession();
  const { choose, pending, confirmation } = useConfirmedModeSwitch();
  const other = modes.find((m) => m !== mode);
  return (
    <div role="status" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" data-testid="lookup-none">
      <p className="font-medium wrap-anywhere">
        No {mode} transaction has the transaction ID or platform order ID “<bdi>{value}</bdi>”.
      </p>
      {unreadable > 0 ? (
        <p className="mt-1" data-testid="lookup-unreadable">
          {unreadableCount(unreadable)} in the list could not be read from the payments API, so {unreadable === 1 ? "it was" : "they were"}{" "}
          not searched.
        </p>
      ) : null}
      {other ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <p>It may be a {other} transaction: test and live keep separate lists.</p>
          <Button
            variant="secondary"
            onClick={() => choose(other)}
            onPointerEnter={preloadModeConfirm(other)}
            onFocus={preloadModeConfirm(other)}
            disabled={pending}
          >
            Search in {other} mode
          </Button>
          {confirmation}
        </div>
      ) : null}
    </div>
  );
}
