import { describe, expect, it } from "vitest";
import { formatUtc } from "@/components/ui/as-of";

describe("formatUtc", () => {
  it("says the time in UTC, whatever the process's time zone", () => {
    expect(formatUtc(new Date("2026-03-03T14:03:22.500Z"))).toBe("14:03:22 UTC, 3 Mar 2026");
    expect(formatUtc(new Date("2026-12-31T23:59:59+05:30"))).toBe("18:29:59 UTC, 31 Dec 2026");
  });
});
