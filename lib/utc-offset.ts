// Browser-safe. The viewer's offset from UTC as people read it on a call: "UTC", "UTC+1",
// "UTC-3:30". Every time the console shows in the reader's own zone carries it.
export function utcOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  if (minutes === 0) return "UTC";
  const sign = minutes > 0 ? "+" : "-";
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, "0")}` : ""}`;
}
