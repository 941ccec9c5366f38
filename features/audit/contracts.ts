// GET /api/audit (the audit trail, filtered, newest first, one page at a time) and
// POST /api/audit/exports (the browser reports a CSV export it made). Browser-safe.
// Reading the trail is admin only (`audit:read`); an export is recorded by whoever may
// see the page it was made on.
import type * as z from "zod/mini";
import { contract } from "@/lib/contracts/contract";
import { CSV_EXPORT_PAGES } from "./audit-limits";
import type { auditQuerySchema, csvExportSchema } from "./schemas";

// Browser code reads the limits from here; schemas.ts from audit-limits.ts, so the two do not import each other.
export { AUDIT_MAX_LIMIT, CSV_EXPORT_FILTERS_MAX } from "./audit-limits";

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

export type AuditQuery = z.output<typeof auditQuerySchema>;
/** The query string's text values, in the order the string puts them. */
const QUERY_NAMES = ["actor", "action", "environment", "from", "to", "tz", "target", "before", "after"] as const;
/** What the path builder takes: the query string's values, unset ones left out. */
export type AuditQueryArgs = Partial<Record<(typeof QUERY_NAMES)[number], string>> & {
  limit?: number;
};

/** The query string for these args, in a fixed order with empty values left out (also the page's cache key). */
export function auditQueryString(args: AuditQueryArgs): string {
  const params = new URLSearchParams();
  for (const name of QUERY_NAMES) {
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

export type CsvExportPage = (typeof CSV_EXPORT_PAGES)[number];

/** A CSV export, as the browser reports it (inputs/audit.ts checks it). */
export type CsvExport = z.input<typeof csvExportSchema>;

export type CsvExportRecordedDto = { id: string };

export const csvExportContract = contract<CsvExportRecordedDto>()({
  method: "POST",
  path: () => "/api/audit/exports",
  input: () => import("./schemas").then((m) => m.csvExportSchema),
});
