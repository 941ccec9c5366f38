"use client";

import { format } from "date-fns";
import { utcOffset } from "@/lib/utc-offset";
import { useHydrated } from "./use-hydrated";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const pad = (value: number) => String(value).padStart(2, "0");

/** "14:03:22 UTC, 3 Mar 2026": the same on the server and in any browser, whatever their time zones. */
export function formatUtc(date: Date): string {
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${time} UTC, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * "As of 14:03:22, 3 Mar 2026": every figure says how fresh it is, in the reader's time
 * zone. The server does not know that zone, so a server render (and the hydrating render,
 * which must match it) says the time in UTC; the browser then shows its own.
 */
export function AsOf({ iso, className = "", label = "As of" }: { iso: string | undefined; className?: string; label?: string }) {
  const hydrated = useHydrated();
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <p className={`text-xs text-slate-600 ${className}`}>
      {label}{" "}
      <time dateTime={date.toISOString()}>
        {hydrated ? `${format(date, "HH:mm:ss")} ${utcOffset(date)}, ${format(date, "d MMM yyyy")}` : formatUtc(date)}
      </time>
    </p>
  );
}
