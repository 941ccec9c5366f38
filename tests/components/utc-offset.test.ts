import { describe, expect, it } from "vitest";
import { utcOffset } from "@/lib/utc-offset";

/** A date whose zone is `offsetMinutes` ahead of UTC (getTimezoneOffset has the opposite sign). */
const inZone = (offsetMinutes: number) => Object.assign(new Date(0), { getTimezoneOffset: () => -offsetMinutes });

describe("utcOffset", () => {
  it("names the reader's offset as people say it", () => {
    expect(utcOffset(inZone(0))).toBe("UTC");
    expect(utcOffset(inZone(60))).toBe("UTC+1");
    expect(utcOffset(inZone(330))).toBe("UTC+5:30");
    expect(utcOffset(inZone(-210))).toBe("UTC-3:30");
    expect(utcOffset(inZone(-180))).toBe("UTC-3");
  });
});
