"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { saveCsv } from "@/components/ui/save-csv";
import type { AuditQueryArgs } from "@/features/audit/contracts";
import { auditQueryString } from "@/features/audit/contracts";
import { AUDIT_EXPORT_MAX, fetchAllAuditEntries, recordCsvExport } from "../audit-queries";
import { auditCsvFileName, auditToCsv } from "./csv";

type Status =
  | { kind: "idle" }
  | { kind: "reading"; count: number }
  | { kind: "done"; rows: number; partial: boolean }
  | { kind: "failed"; message: string };

/**
 * Every entry matching the filters (not only this page), built into a CSV in the browser.
 * The export is recorded in the trail first (who, which filters, how many rows); if that
 * fails, nothing is saved.
 */
export function AuditExportButton({ filters }: { filters: AuditQueryArgs }) {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setStatus({ kind: "reading", count: 0 });
    try {
      const { entries, partial } = await fetchAllAuditEntries(filters, {
        signal: controller.signal,
        onProgress: (count) => setStatus({ kind: "reading", count }),
      });
      await recordCsvExport({ page: "audit", filters: auditQueryString(filters), rows: entries.length, partial });
      saveCsv(auditToCsv(entries), auditCsvFileName(new Date()));
      setStatus({ kind: "done", rows: entries.length, partial });
    } catch (error) {
      if (controller.signal.aborted) return;
      setStatus({ kind: "failed", message: error instanceof Error ? error.message : "The export failed." });
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" onClick={() => void start()} disabled={status.kind === "reading"}>
        {status.kind === "reading" ? `Exporting… ${status.count.toLocaleString("en-US")} entries` : "Export CSV"}
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {status.kind === "done"
          ? `Exported ${status.rows.toLocaleString("en-US")} entries${status.partial ? ` (the first ${AUDIT_EXPORT_MAX.toLocaleString("en-US")} only: narrow the filters for the rest)` : ""}.`
          : status.kind === "failed"
            ? `Not exported: ${status.message}`
            : ""}
      </p>
    </div>
  );
}
