// The input schemas of features/audit/contracts.ts: the BFF loads them (contract.ts says why), the
// /audit page (a server component) reads its URL with the query's.
import * as z from "zod/mini";
import { printable } from "@/lib/contracts/inputs/printable";
import { timeZoneName } from "@/lib/contracts/inputs/time-zone";
import { AUDIT_MAX_LIMIT, AUDIT_PAGE_SIZE, CSV_EXPORT_FILTERS_MAX, CSV_EXPORT_PAGES, isCalendarDay } from "./audit-limits";

const text = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters.`), printable()));
const day = z.optional(z.string().check(z.refine(isCalendarDay, "Use a date as YYYY-MM-DD.")));
/** The largest entry number the trail's bigint id can hold: a larger one is not an entry (and Postgres would refuse it). */
const MAX_ENTRY_ID = 9_223_372_036_854_775_807n;
const cursor = z.optional(
  z.string().check(
    z.regex(/^[1-9]\d{0,18}$/, { message: "Not an entry number.", abort: true }),
    z.refine((value) => BigInt(value) <= MAX_ENTRY_ID, "Not an entry number."),
  ),
);

/** The query string: filters (all optional, combined with AND), a cursor and a page size. */
export const auditQuerySchema = z
  .object({
    /** A staff member's email, exactly. */
    actor: text(254),
    action: text(100),
    environment: z.optional(z.enum(["test", "live"], "Choose test or live.")),
    /** First day included, in `tz`. */
    from: day,
    /** Last day included, in `tz`. */
    to: day,
    /** The IANA time zone whose days `from` and `to` are: the reader's, set by the page. UTC without it (links made before it). */
    tz: z.optional(timeZoneName()),
    /** A target id (transaction, staff email) or a merchantReference, exactly. */
    target: text(200),
    before: cursor,
    after: cursor,
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(AUDIT_MAX_LIMIT)), AUDIT_PAGE_SIZE),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.from && value.to && value.from > value.to)
        ctx.addIssue({ code: "custom", path: ["to"], message: "The last day is before the first day.", input: value.to });
      if (value.before && value.after)
        ctx.addIssue({ code: "custom", path: ["after"], message: "Ask for older or newer entries, not both.", input: value.after });
    }),
  );

/**
 * A CSV export, as the browser reports it: the page, its filters (the page's query string,
 * as in its URL) and how many rows the file holds. The export itself runs in the browser.
 */
export const csvExportSchema = z.object({
  page: z.enum(CSV_EXPORT_PAGES),
  filters: z.string().check(z.maxLength(CSV_EXPORT_FILTERS_MAX, "At most 2,000 characters of filters."), printable()),
  rows: z.number().check(z.int(), z.minimum(0), z.maximum(100_000_000)),
  /** The file holds only part of what matched (rows still loading, or an export cut at its cap). */
  partial: z._default(z.boolean(), false),
});
