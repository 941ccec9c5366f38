import { formatLocalDay, localClock } from "@/lib/local-time";
import { utcOffset } from "@/lib/utc-offset";

/** Local time of the viewer, with its offset, so a time read aloud on a call is never ambiguous. */
export function formatLocalTime(iso: string | null): string {
  if (iso === null) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${formatLocalDay(date)} ${localClock(date)} ${utcOffset(date)}`;
}
