import { format } from "date-fns";

/** "As of 14:03:22, 3 Mar 2026": every figure says how fresh it is. */
export function AsOf({ iso, className = "" }: { iso: string | undefined; className?: string }) {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <p className={`text-xs text-slate-600 ${className}`}>
      As of <time dateTime={date.toISOString()}>{format(date, "HH:mm:ss, d MMM yyyy")}</time>
    </p>
  );
}
