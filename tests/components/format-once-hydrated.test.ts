import { describe, expect, it } from "vitest";
import { formatLocalTime, formatLocalTimeOnceHydrated } from "@/components/ui/time-format";

describe("formatLocalTimeOnceHydrated", () => {
  it("says the time in UTC before hydration, the same on the server and in any browser", () => {
    expect(formatLocalTimeOnceHydrated("2026-03-03T19:33:22+05:30", false)).toBe("14:03:22 UTC, 3 Mar 2026");
  });

  it("says the reader's local time once hydrated", () => {
    const iso = "2026-03-03T14:03:22Z";
    expect(formatLocalTimeOnceHydrated(iso, true)).toBe(formatLocalTime(iso));
  });

  it.each([false, true])("shows no time as a dash and a time that does not parse as it came (hydrated: %s)", (hydrated) => {
    expect(formatLocalTimeOnceHydrated(null, hydrated)).toBe("—");
    expect(formatLocalTimeOnceHydrated("yesterday", hydrated)).toBe("yesterday");
  });
});
