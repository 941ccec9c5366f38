import { formatLocalDay, localClock } from "@/lib/local-time";
import { utcOffset } from "@/lib/utc-offset";

/** The viewer's local day, and clock with its offset ("06:38:03 UTC+5:30"); null for a time that does not parse. */
export function localTimeParts(iso: string): { day: string; clock: string } | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : { day: formatLocalDay(date), clock: `${localClock(date)} ${utcOffset(date)}` };
}

/** Local time of the viewer, with its offset, so a time read aloud on a call is never ambiguous. */
export function formatLocalTime(iso: string | null): string {
  if (iso === null) return "—";
  const parts = localTimeParts(iso);
  return parts ? `${parts.day} ${parts.clock}` : iso;
}
