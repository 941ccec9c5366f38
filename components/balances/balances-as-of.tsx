"use client";

import { useSyncExternalStore } from "react";
import { AsOf } from "@/components/ui/as-of";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const pad = (value: number) => String(value).padStart(2, "0");

/** "14:03:22 UTC, 3 Mar 2026": the same on the server and in any browser, whatever their time zones. */
export function formatUtc(date: Date): string {
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${time} UTC, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const noSubscription = () => () => {};

/**
 * AsOf for figures rendered on the server. The server's time zone is not the reader's, so
 * the server HTML and the hydrating render say the time in UTC (identical, so no hydration
 * mismatch), and the browser then re-renders it in its own zone, as AsOf does elsewhere.
 */
export function BalancesAsOf({ iso, className = "" }: { iso: string | undefined; className?: string }) {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  if (hydrated) return <AsOf iso={iso} className={className} />;
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <p className={`text-xs text-slate-600 ${className}`}>
      As of <time dateTime={date.toISOString()}>{formatUtc(date)}</time>
    </p>
  );
}
