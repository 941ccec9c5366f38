"use client";

import { memo, useEffect, useRef } from "react";
import { WIDE_ONLY_CELL } from "@/components/ui/table-classes";
import { useHydrated } from "@/components/ui/use-hydrated";
import { pocketLabel } from "@/lib/rails";
import type { TransactionSort } from "@/features/transactions/sort";
import type { TransactionRow } from "@/lib/transaction-row";
import type { RowWindow } from "@/features/transactions/worker-protocol";
import { AmountWithPocket } from "./amount-with-pocket";
import { formatLocalTime, localTimeParts } from "@/components/ui/time-format";
import { TYPE_LABELS } from "./labels";
import { CELL_PADDING as CELL, SortHeader } from "./sort-header";
import { StatusBadge } from "./status-badge";
import { useRowWindow } from "./use-row-window";

const ROW_HEIGHT = 41;
/** The scroll box's height before it is measured (server render and hydration): about 60vh of a laptop screen. */
const INITIAL_HEIGHT = 540;

/** Rows asked for beyond those in view, each side, so a scroll rarely outruns them. */
const WINDOW_MARGIN = 150;

type Props = {
  /** Rows the filters match (all of them, most never in the DOM). */
  count: number;
  /** The rows the worker sent: those around the view. */
  rowWindow: RowWindow;
  /** The view's revision: a new one means the window's rows may have moved. */
  revision: number;
  sort: TransactionSort;
  onSort: (sort: TransactionSort) => void;
  onOpen: (row: TransactionRow) => void;
  /** Asks the worker for rows `start` … `end - 1`. */
  onRange: (start: number, end: number) => void;
};

/**
 * The currency has a column of its own only on the widest screens (2xl); below that it follows the
 * amount, as on a phone, and cells are padded less, so all the other columns fit a 1280 px laptop
 * screen without scrolling sideways (at 1280 the table needed ~1,200 px of a ~1,000 px box).
 */
const WIDEST_ONLY = "hidden 2xl:table-cell";

/**
 * Between a phone and a small laptop (md to lg, 768–1023 px: a tablet, half of a laptop's screen)
 * the platform order id and the completion time wait for lg: with them the table needed ~930 px of
 * a ~720 px box at 768 px, and the two columns sat behind a sideways scroll. The other six fit; the
 * row's detail has the two (and the search finds a platform order id at any width).
 */
const LARGE_ONLY = "hidden lg:table-cell";

/**
 * A phone (below md) keeps the id, the status and the amount; the detail dialog has the rest.
 * Only the rows in view (plus overscan) are in the DOM, between spacer rows that keep a real <table>;
 * a fixed height and `contain: strict` keep a filter's layout and paint to the table.
 */
export const TransactionsTable = memo(function TransactionsTable({ count, rowWindow, revision, sort, onSort, onOpen, onRange }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Every row is ROW_HEIGHT tall, so which rows are in view is arithmetic (no library: ~4 KB of the page's JS).
  const { first, last, top, bottom } = useRowWindow(scrollRef, {
    count,
    rowHeight: ROW_HEIGHT,
    overscan: 12,
    initialHeight: INITIAL_HEIGHT,
  });
  // Local times are the viewer's: the server leaves them blank (fixed-width cells, so nothing moves when they fill in).
  const hydrated = useHydrated();
  // Rows in view that the window lacks: ask for them with a margin (the worker holds the list).
  useEffect(() => {
    const held = rowWindow.start + rowWindow.rows.length;
    const lacking = first < rowWindow.start || (last >= held && held < count);
    if (lacking) onRange(Math.max(0, first - WINDOW_MARGIN), last + 1 + WINDOW_MARGIN);
  }, [first, last, rowWindow, count, revision, onRange]);
  const header = { sort, onSort };

  return (
    <div
      ref={scrollRef}
      className="h-[60vh] min-h-80 overflow-auto rounded-lg border border-slate-200 bg-white [contain:strict]"
      tabIndex={0}
      role="region"
      aria-label="Transactions table"
    >
      <table className="w-full border-collapse text-sm" aria-rowcount={count + 1}>
        <thead className="sticky top-0 z-10 bg-slate-50 shadow-[0_1px_0_0_rgb(226,232,240)]">
          <tr>
            <SortHeader column="createdAt" label="Created" className={WIDE_ONLY_CELL} {...header} />
            <SortHeader column="id" label="Transaction ID" {...header} />
            <SortHeader column="type" label="Type" className={WIDE_ONLY_CELL} {...header} />
            <SortHeader column="rail" label="Rail" className={WIDE_ONLY_CELL} {...header} />
            <SortHeader column="status" label="Status" {...header} />
            <SortHeader column="amount" label="Amount (by currency)" align="right" {...header} />
            <SortHeader column="currency" label="Currency" className={WIDEST_ONLY} {...header} />
            <th scope="col" className={`${CELL} py-2 text-left font-semibold text-slate-800 ${LARGE_ONLY}`}>
              Platform order ID
            </th>
            <SortHeader column="completedAt" label="Completed" className={LARGE_ONLY} {...header} />
          </tr>
        </thead>
        <tbody>
          {top > 0 ? <tr aria-hidden="true" style={{ height: top }} /> : null}
          {Array.from({ length: last - first + 1 }, (_, offset) => {
            const index = first + offset;
            const row = rowWindow.rows[index - rowWindow.start];
            if (!row) return <PendingRow key={`pending-${index}`} index={index} />;
            return <TableRow key={row.id} row={row} index={index} hydrated={hydrated} onOpen={onOpen} />;
          })}
          {bottom > 0 ? <tr aria-hidden="true" style={{ height: bottom }} /> : null}
        </tbody>
      </table>
    </div>
  );
});

/**
 * One row. Memoised: the worker client hands back the very row object while a row is unchanged
 * (worker-client.ts), so an update while rows stream in renders only the rows that changed.
 */
const TableRow = memo(function TableRow({
  row,
  index,
  hydrated,
  onOpen,
}: {
  row: TransactionRow;
  index: number;
  hydrated: boolean;
  onOpen: (row: TransactionRow) => void;
}) {
  return (
    <tr data-testid="tx-row" data-id={row.id} aria-rowindex={index + 2} className="h-[41px] border-b border-slate-100 hover:bg-slate-50">
      <TimeCell iso={row.createdAt} hydrated={hydrated} />
      <td className={CELL}>
        {/* Cut short (never broken across lines) on a phone and below 1440 px, where the full id would push the
            last columns out of the box; the title and the record it opens hold all of it. 90rem, not 1440px:
            Tailwind puts a px breakpoint before the rem ones, so md's 10rem would win at every width. 10rem, not 11:
            at 1024 px the eight columns in a zone like UTC+5:30 needed 8 px more than the box. */}
        <button
          type="button"
          onClick={() => onOpen(row)}
          title={row.id}
          className="block max-w-[7rem] truncate font-mono text-xs text-indigo-800 underline hover:text-indigo-950 md:max-w-[10rem] min-[90rem]:max-w-none"
        >
          {row.id}
        </button>
      </td>
      <td className={`${CELL} text-slate-800 ${WIDE_ONLY_CELL}`}>{TYPE_LABELS[row.type]}</td>
      <td className={`${CELL} text-slate-800 ${WIDE_ONLY_CELL}`}>{row.railLabel}</td>
      <td className={CELL}>
        <StatusBadge status={row.status} />
      </td>
      <td className={`${CELL} text-right leading-tight whitespace-nowrap text-slate-900 tabular-nums`}>
        {/* From 2xl the pocket has a column of its own. */}
        <AmountWithPocket amount={row.amount} currency={row.currency} pocketClassName="2xl:hidden" />
      </td>
      <td className={`${CELL} text-slate-800 ${WIDEST_ONLY}`}>{pocketLabel(row.currency)}</td>
      <td className={`${CELL} font-mono text-xs text-slate-700 ${LARGE_ONLY}`}>{row.platformOrderId}</td>
      <TimeCell iso={row.completedAt} hydrated={hydrated} shownFrom={LARGE_ONLY} />
    </tr>
  );
});

/**
 * A time as two short lines, the day over the clock and its offset: one line took ~190 px per
 * column in UTC and ~35 px more in a zone like UTC+5:30. Blank until hydrated (the zone is the
 * viewer's); the cell's width is fixed, so nothing moves when it fills in.
 */
function TimeCell({ iso, hydrated, shownFrom = WIDE_ONLY_CELL }: { iso: string | null; hydrated: boolean; shownFrom?: string }) {
  const parts = hydrated && iso !== null ? localTimeParts(iso) : null;
  return (
    <td className={`w-36 ${CELL} leading-tight whitespace-nowrap text-slate-800 ${shownFrom}`}>
      {!hydrated ? null : parts ? (
        <>
          <span className="block">{parts.day}</span>
          <span className="block text-xs text-slate-600">{parts.clock}</span>
        </>
      ) : (
        // No time yet ("—"), or one that does not parse (shown as it came): as everywhere else.
        formatLocalTime(iso)
      )}
    </td>
  );
}

/** A row in view whose data is on its way from the worker (a fast scroll): same height, nothing to read yet. */
function PendingRow({ index }: { index: number }) {
  return (
    <tr aria-rowindex={index + 2} aria-busy="true" className="h-[41px] border-b border-slate-100" data-testid="tx-row-pending">
      <td colSpan={9} className="px-3">
        <span className="sr-only">Loading this row</span>
      </td>
    </tr>
  );
}
