"use client";

import { useState } from "react";
import { recordCsvExport } from "@/components/audit/audit-queries";
import { Button } from "@/components/ui/button";
import { saveCsv } from "@/components/ui/save-csv";
import { csvFileName } from "@/lib/transactions/csv";

/** What the trail keeps of the filters: the page's query string, as long as the contract takes. */
const FILTERS_MAX = 2_000;

type Props = {
  /** Rows the filters match now. */
  count: number;
  /** The filtered rows as CSV, in table order (built in the transactions worker from the loaded rows). */
  build: () => Promise<string>;
  mode: string;
  partial: boolean;
};

/**
 * Built in the browser from the rows loaded (filtered, in table order): no second download of
 * the list. The export is recorded in the audit trail first (who, the URL's filters, how many
 * rows); if that fails, nothing is saved.
 */
export function CsvExportButton({ count, build, mode, partial }: Props) {
  const [state, setState] = useState<{ kind: "idle" | "recording" } | { kind: "failed"; message: string }>({ kind: "idle" });

  const download = async () => {
    setState({ kind: "recording" });
    try {
      await recordCsvExport({
        page: "transactions",
        filters: window.location.search.replace(/^\?/, "").slice(0, FILTERS_MAX),
        rows: count,
        partial,
      });
    } catch (error) {
      setState({ kind: "failed", message: error instanceof Error ? error.message : "The export could not be recorded." });
      return;
    }
    saveCsv(await build(), csvFileName(mode, new Date()));
    setState({ kind: "idle" });
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        onClick={() => void download()}
        disabled={count === 0 || state.kind === "recording"}
        title={partial ? "Only the rows loaded so far are exported" : undefined}
        // Wide enough for "Export CSV (100,000 rows, partial)" with figures of one width: as the
        // count grows while rows load, the button at the row's right end keeps its place.
        className="min-w-[34ch] tabular-nums"
      >
        {`Export CSV (${count.toLocaleString("en-US")} rows${partial ? ", partial" : ""})`}
      </Button>
      {state.kind === "failed" ? (
        <p role="alert" className="text-sm text-red-800">
          Not exported: {state.message}
        </p>
      ) : null}
    </div>
  );
}
