// The search box's rule (features/lookup/schemas.ts), which the form and GET /api/search share.
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { searchQuerySchema } from "@/features/lookup/schemas";

const q = (value: string, tz?: string) => z.safeParse(searchQuerySchema, { q: value, ...(tz === undefined ? {} : { tz }) });

describe("the search box's rule", () => {
  it("searches a pasted id without what no one can see: a zero-width space, a soft hyphen, a bidi mark, a DEL, a newline", () => {
    expect(q(" tx_\u200b9NK\u00adNHC\u200e83\u007f\n")).toMatchObject({ success: true, data: { q: "tx_9NKNHC83", tz: "UTC" } });
  });

  it("says so when nothing visible is left, and when it is longer than anything it matches", () => {
    expect(q("\u200b\u200b ").error?.issues[0]?.message).toMatch(/^Enter what the caller has/);
    expect(q("x".repeat(201)).error?.issues[0]?.message).toMatch(/at most 200 characters/);
  });

  it("takes an IANA time zone, and refuses anything else", () => {
    expect(q("1500", "Africa/Lagos")).toMatchObject({ success: true, data: { tz: "Africa/Lagos" } });
    expect(q("1500", "<script>").success).toBe(false);
    expect(q("1500", "x".repeat(10_000)).success).toBe(false);
    expect(q("1500", "").success).toBe(false);
  });
});
