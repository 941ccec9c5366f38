// The audit trail's limits and day format, shared by the contract (contracts.ts) and its
// input schemas (schemas.ts) without either importing the other. Browser-safe.

/** Entries per page on /audit. */
export const AUDIT_PAGE_SIZE = 50;
/** Entries per request while the browser builds a CSV export, and the most one request may ask. */
export const AUDIT_MAX_LIMIT = 1_000;

/** ISO day (YYYY-MM-DD) that exists in the calendar, from year 1 on (Postgres's dates have no year 0). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith("0000")) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * What the trail keeps of an export's filters: the page's query string, cut to this many characters
 * (recordCsvExport cuts it). Long filters in other scripts take up to 9 characters each once
 * percent-encoded, so the most the page's own boxes accept can run past it.
 */
export const CSV_EXPORT_FILTERS_MAX = 2_000;

/** Pages whose CSV export is recorded. */
export const CSV_EXPORT_PAGES = ["transactions", "audit"] as const;
