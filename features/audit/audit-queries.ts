import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import {
  AUDIT_MAX_LIMIT,
  auditEntriesContract,
  auditKeys,
  CSV_EXPORT_FILTERS_MAX,
  csvExportContract,
  type AuditEntryDto,
  type AuditQueryArgs,
  type CsvExport,
} from "@/features/audit/contracts";

export function auditPageQueryOptions(args: AuditQueryArgs) {
  return queryOptions({
    queryKey: auditKeys.page(args),
    queryFn: ({ signal }) => apiFetch(auditEntriesContract, { params: args, signal }),
  });
}

/** The most entries one export holds: past it the file says it is partial. */
export const AUDIT_EXPORT_MAX = 100_000;

/**
 * Every entry matching the filters, newest first, read a thousand at a time (the same
 * keyset pages the screen reads), up to AUDIT_EXPORT_MAX.
 */
export async function fetchAllAuditEntries(
  filters: AuditQueryArgs,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (count: number) => void } = {},
): Promise<{ entries: AuditEntryDto[]; partial: boolean }> {
  const { before: _before, after: _after, ...only } = filters;
  const entries: AuditEntryDto[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await apiFetch(auditEntriesContract, { params: { ...only, before, limit: AUDIT_MAX_LIMIT }, signal });
    entries.push(...page.entries);
    onProgress?.(entries.length);
    if (page.older === null) return { entries, partial: false };
    if (entries.length >= AUDIT_EXPORT_MAX) return { entries: entries.slice(0, AUDIT_EXPORT_MAX), partial: true };
    before = page.older;
  }
}

/** Tells the BFF about a CSV export before the browser saves it (the trail records it). */
/** Records an export in the trail, its filters cut to what the trail keeps (CSV_EXPORT_FILTERS_MAX). */
export function recordCsvExport(report: CsvExport) {
  return apiFetch(csvExportContract, { body: { ...report, filters: report.filters.slice(0, CSV_EXPORT_FILTERS_MAX) } });
}
