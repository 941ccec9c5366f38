import type { ReactNode } from "react";

export type HeadColumn = { label: ReactNode; align?: "left" | "right"; className?: string };

/** A small table's header row: one scope="col" cell per column, the last without right padding. */
export function SimpleTableHead({ columns, cell, rowClassName }: { columns: readonly HeadColumn[]; cell: string; rowClassName?: string }) {
  return (
    <tr className={rowClassName}>
      {columns.map((column, index) => (
        <th
          key={index}
          scope="col"
          className={`${cell} font-medium ${column.align === "right" ? "text-right" : "text-left"} ${index === columns.length - 1 ? "pr-0" : ""} ${column.className ?? ""}`}
        >
          {column.label}
        </th>
      ))}
    </tr>
  );
}
