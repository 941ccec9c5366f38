import { HydrationBoundary } from "@tanstack/react-query";
import type { SearchParams } from "nuqs/server";
import * as z from "zod/mini";
import { AuditScreen } from "@/features/audit/components/audit-screen";
import { auditArgsOf, loadAuditSearchParams } from "@/features/audit/components/url-state";
import { UrlStateProvider } from "@/features/transactions/components/nuqs-provider";
import { auditKeys } from "@/features/audit/contracts";
import { auditQuerySchema } from "@/features/audit/schemas";
import { listAuditEntries } from "@/features/audit/server/audit-query";
import { db } from "@/lib/server/db/app";
import { prefetchedState } from "@/lib/server/page-prefetch";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Audit trail" };

/**
 * Admin only. The first page of entries for the URL's filters is read here, on the server,
 * and handed to the browser's query cache: the entries are in the HTML. Filters the BFF
 * would refuse, or a database that does not answer, leave it to the browser's request,
 * which shows why.
 */
export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requirePageSession("audit:read", "/audit");
  const args = auditArgsOf(loadAuditSearchParams(await searchParams));
  const query = z.safeParse(auditQuerySchema, args);
  const state = await prefetchedState(
    session,
    query.success
      ? [
          {
            permission: "audit:read",
            queryKey: auditKeys.page(args),
            load: () => listAuditEntries(db(), query.data),
            what: "audit page's first entries",
          },
        ]
      : [],
  );
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Audit trail</h1>
      <div className="space-y-1 text-sm text-slate-700">
        <p>
          Who did what, from where: every sign-in, sign-out, money write (when it was about to be sent, and its answer), India UTR
          submission, webhook change, staff change and CSV export. Times and the day filters are in your time zone. Entries are kept for 400
          days.
        </p>
        <p>
          CSV exports are made in the browser, so their entries record what the browser reported: who exported, with which filters, and how
          many rows.
        </p>
      </div>
      <HydrationBoundary state={state}>
        <UrlStateProvider>
          <AuditScreen />
        </UrlStateProvider>
      </HydrationBoundary>
    </div>
  );
}
