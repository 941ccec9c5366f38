import { describe, expect, it } from "vitest";
import { formatLocalTime, localTimeParts } from "@/components/ui/time-format";

// The table shows a time as two lines (localTimeParts); everywhere else it is one (formatLocalTime).
// The zone is the test machine's, so the shapes are checked, and that both say the same.
describe("localTimeParts", () => {
  it("splits a time into the reader's day and clock with its offset, as formatLocalTime writes them on one line", () => {
    for (const iso of ["2026-11-26T06:38:03.000Z", "2024-02-29T23:59:59Z", "2026-01-01T00:00:00+05:30"]) {
      const parts = localTimeParts(iso);
      expect(parts?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(parts?.clock).toMatch(/^\d{2}:\d{2}:\d{2} UTC([+-]\d{1,2}(:\d{2})?)?$/);
      expect(formatLocalTime(iso)).toBe(`${parts?.day} ${parts?.clock}`);
    }
  });

  it("gives nothing for a time that does not parse, and formatLocalTime shows it as it came", () => {
    for (const bad of ["", "yesterday", "2026-13-45T99:00:00Z", "x".repeat(10_000)]) {
      expect(localTimeParts(bad)).toBeNull();
      expect(formatLocalTime(bad)).toBe(bad);
    }
    expect(formatLocalTime(null)).toBe("—");
  });
});
