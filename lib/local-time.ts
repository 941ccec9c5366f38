// Browser-safe. The few ways the console writes a time or a day, by hand: four fixed
// patterns do not need a date library (date-fns' format() and its locale were ~7 KB gzip in
// every page). "Local" is the reader's zone: the Date getters, not the UTC ones.

export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

export const pad2 = (value: number) => String(value).padStart(2, "0");

let zone: string | undefined;

/** The reader's IANA time zone ("UTC" where the browser names none), read once: each Intl.DateTimeFormat costs milliseconds to build. */
export function readerTimeZone(): string {
  return (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
}

/** "14:03:22" in the reader's zone. */
export function localClock(date: Date): string {
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
}

/** "2025-03-09" in the reader's zone: the day of the date inputs and of the URL. */
export function formatLocalDay(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, "0")}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** "3 Mar 2026" in the reader's zone. */
export function localDate(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** The reader's midnight that starts the day `days` after `date`'s own (0: its own day). */
export function startOfLocalDay(date: Date, days = 0): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}
