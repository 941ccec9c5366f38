import type { ReactNode } from "react";

export type Detail = { label: string; value: ReactNode; testId?: string };

/** Label / value pairs of a record; absent values read "—" rather than disappearing. */
export function DetailList({ rows }: { rows: readonly Detail[] }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,12rem)_1fr] gap-x-3 gap-y-1.5 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-slate-700">{row.label}</dt>
          <dd className="font-mono break-all text-slate-900" data-testid={row.testId}>
            {row.value ?? "—"}
          </dd>
        </div>
      ))}
    </dl>
  );
}
