import { formatUtc } from "@/components/ui/as-of";
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

/**
 * formatLocalTime once the page is hydrated. Before that (the server's HTML, and the render that
 * hydrates it, which must match) the server cannot know the reader's zone: the time in UTC.
 */
export function formatLocalTimeOnceHydrated(iso: string | null, hydrated: boolean): string {
  if (hydrated || iso === null) return formatLocalTime(iso);
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatUtc(date);
}
