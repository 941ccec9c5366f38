import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { referenceLookupSchema } from "@/lib/contracts/inputs/write-lookup";
import { payoutSubmissionSchema } from "@/lib/requests/ngn-submissions";
import { newReference, REFERENCE_PREFIX } from "@/lib/references";
import { PAYIN_SUBMISSIONS, PAYOUT_SUBMISSIONS } from "@/lib/requests/region-submissions";
import {
  bangladeshPayinRequestSchema,
  bangladeshPayoutRequestSchema,
  brazilPayoutRequestSchema,
  europePayoutRequestSchema,
  merchantReferenceSchema,
  nigeriaPayoutRequestSchema,
  pyusdIntentRequestSchema,
} from "@/lib/requests";
import * as fixtures from "../payments/fixtures";
import { HOSTILE_REFERENCES } from "../support/hostile-references";

const nigeriaSubmission = { ...fixtures.nigeriaPayout("1500.00"), beneficiaryToken: "token" };

/** Every place a merchant-chosen id is sent, as [name, schema, a valid value, where the id goes]. */
const RAILS: [string, z.core.$ZodType, Record<string, unknown>, (value: Record<string, unknown>, id: string) => Record<string, unknown>][] =
  [
    ["bangladesh payout", bangladeshPayoutRequestSchema, fixtures.bangladeshPayout, (body, id) => ({ ...body, merchantReference: id })],
    ["brazil payout", brazilPayoutRequestSchema, fixtures.brazilPayout, (body, id) => ({ ...body, merchantReference: id })],
    ["europe payout", europePayoutRequestSchema, fixtures.europePayout("100.00"), (body, id) => ({ ...body, merchantReference: id })],
    ["nigeria payout", nigeriaPayoutRequestSchema, fixtures.nigeriaPayout("1500.00"), (body, id) => ({ ...body, merchantReference: id })],
    ["pyusd intent", pyusdIntentRequestSchema, fixtures.pyusdIntent, (body, id) => ({ ...body, merchantReference: id })],
    [
      "bangladesh pay-in goodsInfo.id",
      bangladeshPayinRequestSchema,
      fixtures.bangladeshPayin,
      (body, id) => ({ ...body, goodsInfo: { ...(body.goodsInfo as object), id } }),
    ],
    // What the browser posts to the BFF wraps the same bodies.
    [
      "bangladesh payout submission",
      PAYOUT_SUBMISSIONS.bangladesh,
      { body: fixtures.bangladeshPayout },
      (s, id) => ({ body: { ...(s.body as object), merchantReference: id } }),
    ],
    [
      "brazil payout submission",
      PAYOUT_SUBMISSIONS.brazil,
      { body: fixtures.brazilPayout },
      (s, id) => ({ body: { ...(s.body as object), merchantReference: id } }),
    ],
    [
      "europe payout submission",
      PAYOUT_SUBMISSIONS.europe,
      { body: fixtures.europePayout("100.00") },
      (s, id) => ({ body: { ...(s.body as object), merchantReference: id } }),
    ],
    [
      "pyusd intent submission",
      PAYIN_SUBMISSIONS.pyusd,
      { body: fixtures.pyusdIntent },
      (s, id) => ({ body: { ...(s.body as object), merchantReference: id } }),
    ],
    ["nigeria payout submission", payoutSubmissionSchema, nigeriaSubmission, (body, id) => ({ ...body, merchantReference: id })],
    ["nigeria reference lookup", referenceLookupSchema, { reference: "NGN-1" }, (_body, id) => ({ reference: id })],
  ];

describe("one merchant reference rule for every rail", () => {
  it.each(RAILS)("%s: the valid body passes", (_name, schema, valid) => {
    expect(z.safeParse(schema, valid).success).toBe(true);
  });

  describe.each(RAILS)("%s", (_name, schema, valid, withId) => {
    it.each(HOSTILE_REFERENCES)("refuses %s", (_label, value) => {
      expect(z.safeParse(schema, withId(valid, value)).success).toBe(false);
    });
  });

  it("accepts the references the dashboard generates, and up to 64 characters", () => {
    for (const prefix of Object.values(REFERENCE_PREFIX)) {
      expect(z.safeParse(merchantReferenceSchema, newReference(prefix)).success).toBe(true);
    }
    for (const value of ["a", "INV-2026.11:42_b", "9".repeat(64), "eu-wd-1000.00"])
      expect(z.safeParse(merchantReferenceSchema, value).success).toBe(true);
  });

  it("sends the trimmed value and says why a value is refused", () => {
    expect(z.parse(merchantReferenceSchema, "  BD-1 ")).toBe("BD-1");
    const messages = (value: string) => z.safeParse(merchantReferenceSchema, value).error?.issues.map((issue) => issue.message);
    expect(messages("")).toEqual(["Reference is required"]);
    expect(messages("x".repeat(65))).toEqual(["At most 64 characters"]);
    expect(messages("a b")).toEqual(["Letters, digits and . _ : - only, starting with a letter or digit"]);
  });
});
