// The lookup box's rule (features/lookup/schemas.ts), which the form and GET /api/lookup share.
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { lookupQuerySchema } from "@/features/lookup/schemas";

const q = (value: string) => z.safeParse(lookupQuerySchema, { q: value });

describe("the lookup box's rule", () => {
  it("looks up a pasted id without what no one can see: a zero-width space, a soft hyphen, a bidi mark, a DEL, a newline", () => {
    expect(q(" tx_\u200b9NK\u00adNHC\u200e83\u007f\n")).toMatchObject({ success: true, data: { q: "tx_9NKNHC83" } });
  });

  it("says so when nothing visible is left, and when it is longer than any id", () => {
    expect(q("\u200b\u200b ").error?.issues[0]?.message).toBe("Enter a transaction ID or a platform order ID.");
    expect(q("x".repeat(201)).error?.issues[0]?.message).toMatch(/at most 200 characters/);
  });
});
