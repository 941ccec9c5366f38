import { csvExportContract, type CsvExportPage } from "@/features/audit/contracts";
import type { Permission } from "@/lib/permissions";
import { can } from "@/lib/permissions";
import { ApiError } from "@/lib/server/api-error";
import { appAudit, staffActor } from "@/lib/server/audit/app";
import { csvExportWait } from "@/features/audit/server/export-limit";
import { db } from "@/lib/server/db/app";
import { withSession } from "@/lib/server/bff";
import { clientAddress } from "@/lib/server/client-address";

/** Whoever may see a page may export it; the export is recorded as theirs. */
const PAGE_PERMISSION: Record<CsvExportPage, Permission> = { transactions: "transactions:read", audit: "audit:read" };

/**
 * A CSV export, as the browser reports it (the file is built in the browser): who, from
 * which page, with which filters (the page's query string) and how many rows. Recorded
 * before the browser saves the file, and a failure to record answers an error, so the page
 * does not save an export the trail does not hold.
 */
export const POST = withSession(csvExportContract, async ({ input, session, requestId, request }) => {
  if (!can(session.user.role, PAGE_PERMISSION[input.page])) throw new ApiError("forbidden");
  const wait = await csvExportWait(db(), session.user.email);
  if (wait > 0) {
    throw new ApiError("too_many_attempts", "Too many exports in a minute: wait a moment, then export again.", {
      retryAfterSeconds: wait,
    });
  }
  const { id } = await appAudit().append({
    actor: staffActor(session.user),
    // The transactions list is one environment's; the audit trail holds both.
    environment: input.page === "transactions" ? session.mode : null,
    action: "csv_export",
    requestId,
    clientAddress: clientAddress(request.headers),
    result: "ok",
    details: { page: input.page, filters: input.filters, rows: input.rows, partial: input.partial },
  });
  return { id };
});
