// GET /api/audit (the audit trail, filtered, newest first, one page at a time) and
// POST /api/audit/exports (the browser reports a CSV export it made). Browser-safe.
// Reading the trail is admin only (`audit:read`); an export is recorded by whoever may
// see the page it was made on.
import * as z from "zod/mini";
import { contract } from "./contract";

/** Entries per page on /audit. */
export const AUDIT_PAGE_SIZE = 50;
/** Entries per request while the browser builds a CSV export, and the most one request may ask. */
export const AUDIT_MAX_LIMIT = 1_000;

export type AuditActorKind = "staff" | "anonymous" | "cli" | "job";

export type AuditEntryDto = {
  id: string;
  /** ISO timestamp (UTC). */
  at: string;
  actor: { kind: AuditActorKind; id: string | null; email: string | null; role: string | null };
  environment: "test" | "live" | null;
  action: string;
  targetIds: string[];
  merchantReference: string | null;
  idempotencyKey: string | null;
  requestId: string | null;
  clientAddress: string | null;
  result: string;
  /** Never personal data (lib/server/audit/redact.ts): operational fields only. */
  details: Record<string, unknown>;
  prevHash: string;
  hash: string;
};

export type AuditPageDto = {
  /** Newest first. */
  entries: AuditEntryDto[];
  /** Pass as `before` for the next older page; null when there is none. */
  older: string | null;
  /** Pass as `after` for the next newer page; null when this page holds the newest matches. */
  newer: string | null;
};

/** ISO day (YYYY-MM-DD) that exists in the calendar, read as a UTC day. */
export function isUtcDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const text = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters.`)));
const day = z.optional(z.string().check(z.refine(isUtcDay, "Use a date as YYYY-MM-DD.")));
const cursor = z.optional(z.string().check(z.regex(/^[1-9]\d{0,18}$/, "Not an entry number.")));

/** The query string: filters (all optional, combined with AND), a cursor and a page size. */
export const auditQuerySchema = z
  .object({
    /** A staff member's email, exactly. */
    actor: text(254),
    action: text(100),
    environment: z.optional(z.enum(["test", "live"], "Choose test or live.")),
    /** First UTC day included. */
    from: day,
    /** Last UTC day included. */
    to: day,
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

export type AuditQuery = z.output<typeof auditQuerySchema>;
/** What the path builder takes: the query string's values, unset ones left out. */
export type AuditQueryArgs = Partial<Record<"actor" | "action" | "environment" | "from" | "to" | "target" | "before" | "after", string>> & {
  limit?: number;
};

/** The query string for these args, in a fixed order with empty values left out (also the page's cache key). */
export function auditQueryString(args: AuditQueryArgs): string {
  const params = new URLSearchParams();
  for (const name of ["actor", "action", "environment", "from", "to", "target", "before", "after"] as const) {
    const value = args[name];
    if (value) params.set(name, value);
  }
  if (args.limit !== undefined) params.set("limit", String(args.limit));
  return params.toString();
}

export const auditKeys = {
  all: ["audit"] as const,
  page: (args: AuditQueryArgs) => ["audit", auditQueryString(args)] as const,
};

export const auditEntriesContract = contract<AuditPageDto>()({
  method: "GET",
  path: (args: AuditQueryArgs) => {
    const query = auditQueryString(args);
    return query ? `/api/audit?${query}` : "/api/audit";
  },
  input: auditQuerySchema,
});

/** Pages whose CSV export is recorded. */
export const CSV_EXPORT_PAGES = ["transactions", "audit"] as const;
export type CsvExportPage = (typeof CSV_EXPORT_PAGES)[number];

/**
 * A CSV export, as the browser reports it: the page, its filters (the page's query string,
 * as in its URL) and how many rows the file holds. The export itself runs in the browser.
 */
export const csvExportSchema = z.object({
  page: z.enum(CSV_EXPORT_PAGES),
  filters: z.string().check(z.maxLength(2_000, "At most 2,000 characters of filters.")),
  rows: z.number().check(z.int(), z.minimum(0), z.maximum(100_000_000)),
  /** The file holds only part of what matched (rows still loading, or an export cut at its cap). */
  partial: z._default(z.boolean(), false),
});
export type CsvExport = z.input<typeof csvExportSchema>;

export type CsvExportRecordedDto = { id: string };

export const csvExportContract = contract<CsvExportRecordedDto>()({
  method: "POST",
  path: () => "/api/audit/exports",
  input: csvExportSchema,
});
