import { formatUtc } from "@/components/ui/as-of";
import { formatLocalDay, localClock } from "@/lib/local-time";
import { utcOffset } from "@/lib/utc-offset";

type TimeParts = { day: string; clock: string };
/** To the second ("06:38:03"), or to the minute where a list is short of room ("06:38"). */
type Precision = "second" | "minute";
const clockTo = (clock: string, precision: Precision) => (precision === "second" ? clock : clock.slice(0, 5));

/** The viewer's local day, and clock with its offset ("06:38:03 UTC+5:30"); null for a time that does not parse. */
export function localTimeParts(iso: string, precision: Precision = "second"): TimeParts | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? null
    : { day: formatLocalDay(date), clock: `${clockTo(localClock(date), precision)} ${utcOffset(date)}` };
}

/** The same in UTC, for the server's HTML and the render that hydrates it; null as above. */
export function utcParts(iso: string, precision: Precision = "second"): TimeParts | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const text = date.toISOString();
  return { day: text.slice(0, 10), clock: `${clockTo(text.slice(11, 19), precision)} UTC` };
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
