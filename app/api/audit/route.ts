import { auditEntriesContract } from "@/features/audit/contracts";
import { listAuditEntries } from "@/features/audit/server/audit-query";
import { withSession } from "@/lib/server/bff";
import { db } from "@/lib/server/db/app";

/**
 * Admin only: the audit trail, filtered, newest first, one page (keyset on the entry id) at
 * a time. Reads the database only; nothing upstream. The CSV export pages through this too.
 */
export const GET = withSession(auditEntriesContract, ({ input }) => listAuditEntries(db(), input), {
  permission: "audit:read",
  anyMode: true,
});
