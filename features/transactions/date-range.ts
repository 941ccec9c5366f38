// Date filters work in the user's own timezone (the browser's), which the page
// shows beside the presets; "today" means the user's today, not UTC's.
import { formatLocalDay, startOfLocalDay } from "@/lib/local-time";

export { formatLocalDay };

export const DATE_PRESETS = ["today", "7d", "30d", "month"] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: "Today",
  "7d": "7 days",
  "30d": "30 days",
  month: "This month",
};

export type DateRangeState = { preset: DatePreset | null; from: string | null; to: string | null };
export type DateWindow = { fromMs: number | null; toMs: number | null };

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2025-03-09" → local midnight of that day, or null when not a real calendar day. */
export function parseLocalDay(day: string): Date | null {
  const match = ISO_DAY.exec(day);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(y, m - 1, d);
  if (Number.isNaN(date.getTime()) || date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return null;
  return date;
}

export function isIsoDay(value: string): boolean {
  return parseLocalDay(value) !== null;
}

function presetWindow(preset: DatePreset, now: Date): DateWindow {
  const tomorrow = startOfLocalDay(now, 1).getTime();
  switch (preset) {
    case "today":
      return { fromMs: startOfLocalDay(now).getTime(), toMs: tomorrow };
    case "7d": // today and the six days before it
      return { fromMs: startOfLocalDay(now, -6).getTime(), toMs: tomorrow };
    case "30d":
      return { fromMs: startOfLocalDay(now, -29).getTime(), toMs: tomorrow };
    case "month":
      return { fromMs: new Date(now.getFullYear(), now.getMonth(), 1).getTime(), toMs: tomorrow };
  }
}

/** A preset wins over explicit days; `to` is an inclusive day, so the window ends at the next midnight. */
export function resolveDateWindow(state: DateRangeState, now: Date): DateWindow {
  if (state.preset) return presetWindow(state.preset, now);
  const from = state.from ? parseLocalDay(state.from) : null;
  const to = state.to ? parseLocalDay(state.to) : null;
  // The day after 9999-12-31 is in year 10000, whose ISO form ("+010000-…") sorts before every
  // other instant key: a "no end" of 9999-12-31 matched nothing. Nothing is created after it.
  const end = to ? startOfLocalDay(to, 1) : null;
  return { fromMs: from ? from.getTime() : null, toMs: end && end.getFullYear() <= 9999 ? end.getTime() : null };
}
