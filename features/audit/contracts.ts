// GET /api/audit (the audit trail, filtered, newest first, one page at a time) and
// POST /api/audit/exports (the browser reports a CSV export it made). Browser-safe.
// Reading the trail is admin only (`audit:read`); an export is recorded by whoever may
// see the page it was made on.
import type * as z from "zod/mini";
import { contract } from "@/lib/contracts/contract";
import type { auditQuerySchema, csvExportSchema } from "./schemas";

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
  input: () => import("./schemas").then((m) => m.auditQuerySchema),
});

/**
 * What the trail keeps of an export's filters: the page's query string, cut to this many characters
 * (recordCsvExport cuts it). Long filters in other scripts take up to 9 characters each once
 * percent-encoded, so the most the page's own boxes accept can run past it.
 */
export const CSV_EXPORT_FILTERS_MAX = 2_000;

/** Pages whose CSV export is recorded. */
export const CSV_EXPORT_PAGES = ["transactions", "audit"] as const;
export type CsvExportPage = (typeof CSV_EXPORT_PAGES)[number];

/** A CSV export, as the browser reports it (inputs/audit.ts checks it). */
export type CsvExport = z.input<typeof csvExportSchema>;

export type CsvExportRecordedDto = { id: string };

export const csvExportContract = contract<CsvExportRecordedDto>()({
  method: "POST",
  path: () => "/api/audit/exports",
  input: () => import("./schemas").then((m) => m.csvExportSchema),
});
