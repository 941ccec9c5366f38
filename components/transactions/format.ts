import { format } from "date-fns";

/** Local time of the viewer; the page states the timezone once. */
export function formatLocalTime(iso: string | null): string {
  if (iso === null) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, "yyyy-MM-dd HH:mm:ss");
}
