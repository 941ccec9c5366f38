import { describe, expect, it } from "vitest";
import { instantKey, instantKeyOfMs, quarterHourOf } from "@/features/transactions/instant-key";

describe("instantKey", () => {
  it("keeps toISOString's form as it is", () => {
    const iso = "2026-11-22T09:30:00.123Z";
    expect(instantKey(iso)).toBe(iso);
  });

  it("brings offsets and other precisions to UTC milliseconds", () => {
    expect(instantKey("2026-11-22T10:30:00+01:00")).toBe("2026-11-22T09:30:00.000Z");
    expect(instantKey("2026-11-22T09:30:00Z")).toBe("2026-11-22T09:30:00.000Z");
    expect(instantKey("2026-11-22T04:30:00.5-05:00")).toBe("2026-11-22T09:30:00.500Z");
  });

  it("orders mixed forms as their instants, which plain string order would not", () => {
    const values = ["2026-11-22T10:00:00+02:00", "2026-11-22T09:00:00.000Z", "2026-11-22T07:30:00Z"];
    expect([...values].sort()).toEqual(["2026-11-22T07:30:00Z", "2026-11-22T09:00:00.000Z", "2026-11-22T10:00:00+02:00"]);
    const byInstant = [...values].sort((a, b) => (instantKey(a) < instantKey(b) ? -1 : 1));
    expect(byInstant).toEqual(["2026-11-22T07:30:00Z", "2026-11-22T10:00:00+02:00", "2026-11-22T09:00:00.000Z"]);
  });

  it("keeps an unparseable value rather than inventing an instant", () => {
    expect(instantKey("yesterday")).toBe("yesterday");
  });

  it("agrees with instantKeyOfMs, so filter bounds compare with row keys", () => {
    const ms = Date.UTC(2026, 10, 22, 9, 30);
    expect(instantKey("2026-11-22T09:30:00Z")).toBe(instantKeyOfMs(ms));
    expect(instantKey("2026-11-22T09:29:59.999Z") < instantKeyOfMs(ms)).toBe(true);
  });
});

describe("quarterHourOf", () => {
  it("puts instants in the same UTC quarter hour together and others apart", () => {
    expect(quarterHourOf("2026-11-22T09:30:00.000Z")).toBe(quarterHourOf("2026-11-22T09:44:59.999Z"));
    expect(quarterHourOf("2026-11-22T09:44:59.999Z")).not.toBe(quarterHourOf("2026-11-22T09:45:00.000Z"));
    expect(quarterHourOf("2026-11-22T09:14:00.000Z")).not.toBe(quarterHourOf("2026-11-22T10:14:00.000Z"));
    expect(quarterHourOf("2026-11-22T09:14:00.000Z")).not.toBe(quarterHourOf("2026-12-22T09:14:00.000Z"));
    expect(quarterHourOf("2026-11-22T09:50:00.000Z")).toBe(20261122093);
  });
});
