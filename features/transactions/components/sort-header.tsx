"use client";

import type { SortColumn, TransactionSort } from "@/features/transactions/sort";

/**
 * The transactions table's cell padding, its headers' and cells' alike: less below 2xl, so the
 * columns fit a 1280 px screen (transactions-table.tsx says how).
 */
export const CELL_PADDING = "px-2 2xl:px-3";

/** A column header that sorts; aria-sort tells assistive tech the current order. */
export function SortHeader({
  column,
  label,
  sort,
  onSort,
  align = "left",
  className = "",
}: {
  column: SortColumn;
  label: string;
  sort: TransactionSort;
  onSort: (sort: TransactionSort) => void;
  align?: "left" | "right";
  /** Extra classes: the narrow form hides some columns (transactions-table.tsx). */
  className?: string;
}) {
  const active = sort.column === column;
  const next: TransactionSort = { column, direction: active && sort.direction === "desc" ? "asc" : "desc" };
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}
      className={`${CELL_PADDING} py-2 font-semibold text-slate-800 ${align === "right" ? "text-right" : "text-left"} ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(next)}
        className="inline-flex items-center gap-1 rounded hover:underline focus-visible:outline-2 focus-visible:outline-indigo-700"
      >
        {label}
        <span aria-hidden="true">{active ? (sort.direction === "asc" ? "▲" : "▼") : "↕"}</span>
      </button>
    </th>
  );
}
