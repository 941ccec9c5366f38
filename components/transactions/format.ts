import { format } from "date-fns";

/** The viewer's offset as people read it: "UTC", "UTC+1", "UTC-3:30". */
function utcOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  if (minutes === 0) return "UTC";
  const sign = minutes > 0 ? "+" : "-";
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, "0")}` : ""}`;
}

/** Local time of the viewer, with its offset, so a time read aloud on a call is never ambiguous. */
export function formatLocalTime(iso: string | null): string {
  if (iso === null) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${format(date, "yyyy-MM-dd HH:mm:ss")} ${utcOffset(date)}`;
}
