"use client";

import { localClock, localDate, MONTHS, pad2 } from "@/lib/local-time";
import { utcOffset } from "@/lib/utc-offset";
import { useHydrated } from "./use-hydrated";

/** "14:03:22 UTC, 3 Mar 2026": the same on the server and in any browser, whatever their time zones. */
export function formatUtc(date: Date): string {
  const time = `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())}`;
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
      <time dateTime={date.toISOString()}>{hydrated ? `${localClock(date)} ${utcOffset(date)}, ${localDate(date)}` : formatUtc(date)}</time>
    </p>
  );
}
