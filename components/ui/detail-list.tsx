import type { ReactNode } from "react";

export type Detail = { label: string; value: ReactNode; testId?: string };

/**
 * Ids and codes (one token, with a digit or a separator: "tx_…", "seed-wd-1", "••••6789") in the
 * monospace face, breakable anywhere since they have no spaces to wrap at; words ("No", "queued")
 * and amounts in the text face, figures tabular.
 */
export function detailValueClass(value: ReactNode): string {
  const token = typeof value === "string" && /^\S+$/.test(value) && /[\d_.:@/•-]/.test(value);
  return token ? "font-mono wrap-anywhere" : "tabular-nums wrap-anywhere";
}

/** Label / value pairs of a record; absent values read "—" rather than disappearing. */
export function DetailList({ rows }: { rows: readonly Detail[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[minmax(8rem,12rem)_1fr] sm:gap-y-1.5">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-slate-700">{row.label}</dt>
          <dd className={`${detailValueClass(row.value)} text-slate-900`} data-testid={row.testId}>
            {row.value ?? "—"}
          </dd>
        </div>
      ))}
    </dl>
  );
}
