"use client";

import { useState } from "react";
import { recordCsvExport } from "@/features/audit/audit-queries";
import { Button } from "@/components/ui/button";
import { saveCsv } from "@/components/ui/save-csv";
import { csvFileName } from "@/features/transactions/csv";
import type { BuiltCsv } from "../worker-client";

type Props = {
  /** Rows the filters match now. */
  count: number;
  /** The filtered rows as CSV, in table order (built in the transactions worker from the loaded rows). */
  build: () => Promise<BuiltCsv>;
  /** The filters and sort the page shows, as a query string (the URL itself follows them up to 300 ms late). */
  filters: () => string;
  mode: string;
  partial: boolean;
};

/**
 * Built in the browser from the rows loaded (filtered, in table order): no second download of
 * the list. The file is built first, then recorded in the audit trail (who, the filters the page
 * showed, how many rows the file holds), then saved; if the record fails, nothing is saved. The
 * count on the button can move while rows load: the trail keeps the file's own.
 */
export function CsvExportButton({ count, build, filters, mode, partial }: Props) {
  const [state, setState] = useState<{ kind: "idle" | "recording" } | { kind: "failed"; message: string }>({ kind: "idle" });

  const download = async () => {
    setState({ kind: "recording" });
    const shown = filters();
    const built = await build();
    try {
      await recordCsvExport({ page: "transactions", filters: shown, rows: built.rows, partial });
    } catch (error) {
      setState({ kind: "failed", message: error instanceof Error ? error.message : "The export could not be recorded." });
      return;
    }
    saveCsv(built.csv, csvFileName(mode, new Date()));
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
