// lib/local-time.ts and the date presets against date-fns (which the browser no longer loads)
// as the oracle, in zones with DST, half-hour offsets and DST at midnight (São Paulo, 2018).
import { addDays, format, startOfDay, startOfMonth, subDays } from "date-fns";
import { afterAll, describe, expect, it } from "vitest";
import { formatLocalDay, localClock, localDate, startOfLocalDay } from "@/lib/local-time";
import { DATE_PRESETS, parseLocalDay, resolveDateWindow } from "@/features/transactions/date-range";

const ZONES = ["UTC", "America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe", "America/Sao_Paulo", "Asia/Tehran"];
const savedZone = process.env.TZ;
afterAll(() => {
  if (savedZone === undefined) delete process.env.TZ;
  else process.env.TZ = savedZone;
});

/** Every 7 h 13 min through 2018 and 2026: both sides of every DST change, at odd minutes. */
const instants = [Date.UTC(2018, 0, 1), Date.UTC(2026, 0, 1)].flatMap((start) =>
  Array.from({ length: 1212 }, (_, i) => new Date(start + i * (7 * 60 + 13) * 60_000)),
);

describe.each(ZONES)("in %s", (zone) => {
  it("writes times and days as date-fns' format did", () => {
    process.env.TZ = zone;
    for (const date of instants) {
      expect(localClock(date)).toBe(format(date, "HH:mm:ss"));
      expect(formatLocalDay(date)).toBe(format(date, "yyyy-MM-dd"));
      expect(localDate(date)).toBe(format(date, "d MMM yyyy"));
    }
  });

  it("starts days and presets where date-fns did", () => {
    process.env.TZ = zone;
    for (const date of instants) {
      expect(startOfLocalDay(date).getTime()).toBe(startOfDay(date).getTime());
      expect(startOfLocalDay(date, 1).getTime()).toBe(startOfDay(addDays(date, 1)).getTime());
      expect(startOfLocalDay(date, -29).getTime()).toBe(startOfDay(subDays(date, 29)).getTime());
      expect(resolveDateWindow({ preset: "month", from: null, to: null }, date).fromMs).toBe(startOfMonth(date).getTime());
    }
  });
});

describe("explicit date windows", () => {
  // The day after it is in year 10000, whose ISO key sorted before every row: nothing matched.
  it("leaves the end open for 9999-12-31, a common 'no end', and keeps it for the days before", () => {
    expect(resolveDateWindow({ preset: null, from: null, to: "9999-12-31" }, new Date()).toMs).toBeNull();
    expect(resolveDateWindow({ preset: null, from: null, to: "9999-12-30" }, new Date()).toMs).toBe(new Date(9999, 11, 31).getTime());
  });

  // The screen resolves presets from the reader's day (use-local-day.ts), not the instant it rendered.
  it("resolves a preset from a day's midnight exactly as from any instant in that day", () => {
    for (const date of instants) {
      const fromDay = parseLocalDay(formatLocalDay(date))!;
      for (const preset of DATE_PRESETS)
        expect(resolveDateWindow({ preset, from: null, to: null }, fromDay)).toEqual(
          resolveDateWindow({ preset, from: null, to: null }, date),
        );
    }
  });
});
