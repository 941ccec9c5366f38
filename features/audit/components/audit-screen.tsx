"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingBlock } from "@/components/ui/loading-block";
import { isApiFetchError } from "@/lib/api-fetch";
import { AuditEntries } from "./audit-entries";
import { AuditExportButton } from "./audit-export-button";
import { AuditFilters } from "./audit-filters";
import { auditPageQueryOptions } from "../audit-queries";
import { auditArgsOf, auditSearchParams } from "./url-state";

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const fields = isApiFetchError(error) && error.fields ? Object.values(error.fields).flat() : [];
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">{fields.length > 0 ? "These filters cannot be used:" : "The audit trail could not be loaded."}</p>
      {fields.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {fields.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : (
        <>
          <p className="mt-1">{error instanceof Error ? error.message : "Something went wrong."}</p>
          <Button variant="secondary" className="mt-2" onClick={onRetry}>
            Try again
          </Button>
        </>
      )}
    </div>
  );
}

/** The trail, newest first, a page at a time; the server rendered the first page (app/(dashboard)/audit/page.tsx). */
export function AuditScreen() {
  // Paging and filters are history entries: Back returns to the page before.
  const [state, setState] = useQueryStates(auditSearchParams, { history: "push" });
  const args = auditArgsOf(state);
  const page = useQuery({ ...auditPageQueryOptions(args), placeholderData: keepPreviousData });
  const paged = Boolean(state.before || state.after);

  return (
    <div className="space-y-4">
      <AuditFilters state={state} onChange={(change) => void setState({ ...change, before: null, after: null })} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-800" role="status">
          {page.data
            ? `${page.data.entries.length.toLocaleString("en-US")} ${page.data.entries.length === 1 ? "entry" : "entries"} on this page, newest first${page.isPlaceholderData ? " (updating…)" : ""}`
            : ""}
        </p>
        <AuditExportButton filters={auditArgsOf(state, { cursor: false })} />
      </div>
      {page.isError ? (
        <LoadError error={page.error} onRetry={() => void page.refetch()} />
      ) : page.isPending ? (
        <LoadingBlock label="Loading the audit trail" className="h-48 w-full" />
      ) : page.data.entries.length === 0 ? (
        <EmptyState title={paged ? "No more entries this way." : "No entry matches these filters."}>
          {paged ? "Go back to the newest entries." : "Clear a filter or widen the dates."}
        </EmptyState>
      ) : (
        <AuditEntries entries={page.data.entries} />
      )}
      <nav aria-label="Pages" className="flex flex-wrap gap-2">
        {paged ? (
          <Button variant="secondary" onClick={() => void setState({ before: null, after: null })}>
            Newest
          </Button>
        ) : null}
        {page.data?.newer ? (
          <Button variant="secondary" onClick={() => void setState({ before: null, after: page.data.newer })}>
            ← Newer
          </Button>
        ) : null}
        {page.data?.older ? (
          <Button variant="secondary" onClick={() => void setState({ before: page.data.older, after: null })}>
            Older →
          </Button>
        ) : null}
      </nav>
    </div>
  );
}
