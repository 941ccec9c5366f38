import { describe, expect, it } from "vitest";
import { instantKey } from "@/features/transactions/instant-key";

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
});
